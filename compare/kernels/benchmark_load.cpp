#include "kernels/benchmark_load.hpp"

#include "core/diagnostics.hpp"
#include "kernels/benchmark_verdicts.hpp"
#include "kernels/charts/monitor_charts.hpp"
#include "kernels/plan.hpp"
#include "kernels/steps.hpp"
#include "kernels/vmstat.hpp"

#include <algorithm>
#include <map>

namespace mmtp::compare {

namespace {

// The most samples one iteration of any run holds, per operation.
std::map<std::string, std::size_t> mostPerIteration(const std::vector<RunSummary>& runs,
                                                    const std::vector<std::string>& ops) {
    std::map<std::string, std::size_t> most;
    for (const RunSummary& r : runs)
        for (const std::string& op : ops)
            if (const std::vector<IterationSamples>* its = r.extraction.samples(op))
                for (const IterationSamples& it : *its) most[op] = std::max(most[op], it.values.size());
    return most;
}

// A run one of whose iterations holds fewer samples of an operation than an
// iteration of another run (a missing redis-1-1.log, or a benchmark whose
// sample count varies) is warned about, not made incomplete: each unit is
// summarised by its own samples, so the verdict stands on what was measured.
// Iterations, not runs: a run with more iterations is not more complete.
void warnUnequalSamples(const BenchmarkResults& b, std::ostream& err) {
    std::map<std::string, std::size_t> most = mostPerIteration(b.runs, b.runs.front().summaryOps(std::nullopt));
    for (const RunSummary& r : b.runs) {
        std::size_t shortOps = 0;
        std::string first;
        for (const auto& [op, n] : most) {
            const std::vector<IterationSamples>* its = r.extraction.samples(op);
            std::size_t fewest = n;
            for (int i = 0; i < r.extraction.iterations(); ++i)
                fewest = std::min(fewest, its && static_cast<std::size_t>(i) < its->size()
                                              ? (*its)[static_cast<std::size_t>(i)].values.size()
                                              : 0);
            if (fewest >= n) continue;
            if (shortOps++ == 0)
                first = op + " has " + std::to_string(fewest) + " of " + std::to_string(n) + " samples in an iteration";
        }
        if (shortOps > 0)
            warn(err, r.testName + " for " + b.name + ": " + std::to_string(shortOps) +
                          " operation(s) with fewer samples per iteration than another run (" + first +
                          "; a log missing?); kept: each unit is summarised over its own samples");
    }
}

// One warning per invalid run, naming it and why (held: the report's own
// validity section and its limits say it where it is read).
void warnInvalid(const BenchmarkResults& b, bool includeInvalid, WarningTally& held) {
    for (const RunValidity& v : b.validity)
        if (!v.valid())
            held.add("invalid run",
                     std::string(problemName(v.problem)) +
                         (includeInvalid ? ", kept in verdicts" : ", left out of verdicts"),
                     v.run,
                     "invalid run " + v.run + " for " + b.name + " (" + problemName(v.problem) + "): " + v.reason +
                         (includeInvalid ? "; kept in verdicts (--include-invalid)" : "; left out of verdicts"));
}

// Runs whose "test end" lines record no exit code (MMTests of 2020 and
// before): read as finished, and said once per benchmark.
void noteExitUnknown(const BenchmarkResults& b, std::ostream& err) {
    std::string runs;
    for (const RunValidity& v : b.validity)
        if (v.exitUnknown) runs += (runs.empty() ? "" : ", ") + v.run;
    if (!runs.empty())
        note(err, b.name + ": exit unknown in " + runs +
                      " (its test end lines record no exit code, as MMTests' older logs do); read as finished");
}

// A table step that is the benchmark's own table, as the main load made it.
bool isMainTable(const PlanStep& s, bool autoDetect) {
    return s.kind == PlanStep::Kind::Table && s.alt.empty() && !s.subHeading && !s.monitor &&
           (s.significance || !autoDetect);
}

bool hasTableStep(const std::vector<PlanStep>& steps) {
    return std::any_of(steps.begin(), steps.end(), [](const PlanStep& s) { return s.kind != PlanStep::Kind::Line; });
}

// Runs compare-kernels.sh's steps for the benchmark; a failed table is
// reported on err and kept as its error, and the next step goes on.
void runSteps(const KernelsOptions& o, BenchmarkResults& b, const std::vector<std::string>& names,
              const std::vector<PlanStep>& steps, const std::optional<ReportPart>& mainPart, WarningsOnce& warnings,
              std::ostream& err, std::vector<RunSummary>& durationRuns) {
    for (const PlanStep& step : steps) {
        if (mainPart && isMainTable(step, o.autoDetect)) {  // made (or failed, and said so) already
            b.parts.push_back(*mainPart);
            continue;
        }
        bool duration = step.monitor && *step.monitor == "duration";
        // An alternative report's runs (fiolike -a iops, -a cpu) are kept for the page's charts.
        bool alt = !step.alt.empty() && !step.monitor && !step.subHeading && step.kind == PlanStep::Kind::Table;
        std::vector<RunSummary> altRuns;
        b.parts.push_back(runPlanStep(o, b.name, names, step, warnings, err,
                                      duration ? &durationRuns
                                      : alt    ? &altRuns
                                               : nullptr));
        if (alt && b.parts.back().table && !altRuns.empty()) b.altReports.push_back({step.alt, std::move(altRuns)});
        const ReportPart& part = b.parts.back();
        if (!part.error.empty() && part.error != b.error)  // the benchmark's own failure is said once
            note(err, b.name + ": " + part.what + ": " + part.error);
        if (duration) b.duration = part.table;
    }
}

}  // namespace

// Loads the benchmark's runs once for its verdicts (warnings printed once),
// then runs compare-kernels.sh's tables for it; a failure is kept as its error.
BenchmarkResults loadBenchmark(const KernelsOptions& o, const KernelsData& d, const std::string& bench,
                               WarningTally& held, std::ostream& err) {
    const std::vector<std::string>& names = d.runs;
    BenchmarkResults b;
    b.name = bench;
    Warnings validityWarnings;
    b.validity = checkRunsValidity(o.logDir, names, bench, validityWarnings);
    for (const std::string& w : validityWarnings) warn(err, w);
    noteExitUnknown(b, err);
    WarningsOnce warnings;
    std::vector<PlanStep> steps = benchmarkSteps(bench);
    std::optional<ReportPart> mainPart;
    if (hasTableStep(steps)) {  // compare-kernels.sh compares nothing for monitor, parsecbuild, ...
        PlanStep main;
        main.kind = PlanStep::Kind::Table;
        main.significance = true;
        mainPart = runPlanStep(o, bench, names, main, warnings, err, &b.runs);
        if (mainPart->table) {
            b.compare = mainPart->table;
            warnUnequalSamples(b, err);
        } else {
            b.runs.clear();
            b.error = mainPart->error;
            note(err, bench + ": " + mainPart->error);
        }
    }
    std::vector<RunSummary> durationRuns;
    runSteps(o, b, names, steps, mainPart, warnings, err, durationRuns);
    runSteps(o, b, names, monitorSteps(o.logDir, names.front()), std::nullopt, warnings, err, durationRuns);
    b.vmstat = readRunsVmstat(o.logDir, names, bench);
    b.costs = mitigationCosts(b.vmstat, b.validity, o.includeInvalid);
    if (o.format == KernelsFormat::Html) {  // only the page draws them; a log it cannot chart is one warning
        Warnings chartWarnings;
        b.monitors = loadMonitorCharts(o.logDir, names, bench, b.vmstat, chartWarnings);
        for (const std::string& w : chartWarnings) warn(err, w);
    }
    if (!b.runs.empty())
        computeVerdicts(o, d, b, durationRuns,
                        [&](const std::string& alt) { return loadAltRuns(o, bench, names, alt, warnings, err); });
    warnInvalid(b, o.includeInvalid, held);
    if (!b.settingsNote.empty()) warn(err, b.settingsNote);
    return b;
}

}  // namespace mmtp::compare
