#include "kernels/report.hpp"

#include "base/terminal_text.hpp"
#include "core/diagnostics.hpp"
#include "core/metric_regex.hpp"
#include "benchmarks/benchmark_description.hpp"
#include "benchmarks/shellpack_config.hpp"
#include "input/clock_record.hpp"
#include "input/run_discovery.hpp"
#include "input/run_validity.hpp"
#include "kernels/monitor_tables.hpp"
#include "kernels/machine_limits.hpp"
#include "kernels/page.hpp"
#include "kernels/plan.hpp"
#include "kernels/steps.hpp"
#include "kernels/version_order.hpp"
#include "kernels/verdict_inputs.hpp"
#include "kernels/verdict_roles.hpp"
#include "kernels/vmstat.hpp"
#include "tables/verdict.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// The benchmark's alternative report ALT (a verdict's input), loaded from the
// same run directories; empty when it cannot be loaded (its warnings say why).
using AltReportLoader = std::function<std::vector<RunSummary>(const std::string& alt)>;

const char* kElapsedRow = "complete test time";

// The runs verdicts may use: valid ones, unless --include-invalid.
std::vector<RunSummary> verdictRuns(const std::vector<RunSummary>& runs, const std::vector<RunValidity>& validity,
                                    bool includeInvalid) {
    std::vector<RunSummary> kept;
    for (const RunSummary& r : runs) {
        auto v = std::find_if(validity.begin(), validity.end(),
                              [&r](const RunValidity& x) { return x.run == r.testName; });
        if (includeInvalid || v == validity.end() || v->valid()) kept.push_back(r);
    }
    return kept;
}

std::vector<std::string> verdictOps(const RunSummary& run, const std::optional<std::string>& metric) {
    std::vector<std::string> ops = run.summaryOps(std::nullopt);
    if (!metric) return ops;
    const MetricRegex re(*metric);
    std::erase_if(ops, [&re](const std::string& op) { return !re.search(op); });
    return ops;
}

// What the benchmark's description says when its runs rank lower-is-better.
std::string directionNote(const std::string& bench, const RunSummary& run) {
    if (run.preferHigher) return "";
    return std::string(verdictHints(bench).directionNoteWhenLowerIsBetter);
}

// runs in the order of names (the role order); runs not named are left out.
std::vector<RunSummary> inOrder(const std::vector<RunSummary>& runs, const std::vector<std::string>& names) {
    std::vector<RunSummary> ordered;
    for (const std::string& n : names)
        for (const RunSummary& r : runs)
            if (r.testName == n) ordered.push_back(r);
    return ordered;
}

const RunSummary* findRun(const std::vector<RunSummary>& runs, const std::string& name) {
    for (const RunSummary& r : runs)
        if (r.testName == name) return &r;
    return nullptr;
}

// The runs of names found in runs (those missing are left out).
std::vector<const RunSummary*> runsNamed(const std::vector<RunSummary>& runs, const std::vector<std::string>& names) {
    std::vector<const RunSummary*> found;
    for (const std::string& n : names)
        if (const RunSummary* r = findRun(runs, n)) found.push_back(r);
    return found;
}

// What one comparison reads: its base runs against its now runs, for the
// benchmark's operations and (lower is better) the elapsed-time row.
struct ComparisonRuns {
    std::vector<std::string> base, now;
};

struct VerdictContext {
    const KernelsOptions& o;
    BenchmarkResults& b;
    const std::vector<RunSummary>& runs;     // valid, in role order
    const std::vector<RunSummary>* elapsed;  // each run's duration, aligned with runs; null without
    std::vector<std::string> ops;
    std::map<std::string, std::string> units;
    std::vector<std::string> leftOut;  // runs with other settings (splitBySettings)
};

// runs without those named in leftOut.
std::vector<RunSummary> without(std::vector<RunSummary> runs, const std::vector<std::string>& leftOut) {
    std::erase_if(runs, [&leftOut](const RunSummary& r) {
        return std::find(leftOut.begin(), leftOut.end(), r.testName) != leftOut.end();
    });
    return runs;
}

std::vector<MetricInput> verdictInputs(const VerdictContext& c, const ComparisonRuns& cmp) {
    std::vector<MetricInput> inputs;
    auto add = [&](const std::vector<RunSummary>& from, const std::string& op) -> MetricInput* {
        std::optional<MetricInput> in =
            replicatedInput(runsNamed(from, cmp.base), runsNamed(from, cmp.now), op, c.o.units);
        if (!in) return nullptr;
        inputs.push_back(std::move(*in));
        return &inputs.back();
    };
    for (const std::string& op : c.ops)
        if (MetricInput* in = add(c.runs, op)) in->unit = unitOfOperation(c.units, op);
    if (c.elapsed)
        if (MetricInput* in = add(*c.elapsed, "Elapsed")) {
            in->op = kElapsedRow;
            in->higherIsBetter = false;
            in->unit = "seconds";
        }
    return inputs;
}

RunVerdict newVerdict(const VerdictContext& c, RunVerdict::Design design, const ComparisonRuns& cmp) {
    RunVerdict rv;
    rv.design = design;
    rv.base = cmp.base.front();
    rv.now = cmp.now.front();
    rv.a2 = design == RunVerdict::Design::Aba ? cmp.base.back() : "";
    if (design == RunVerdict::Design::Interleaved) {
        rv.baseGroup = cmp.base;
        rv.nowGroup = cmp.now;
    }
    rv.inputs = verdictInputs(c, cmp);
    rv.note = directionNote(c.b.name, c.runs.front());
    return rv;
}

// A/B/A (each middle run a B), or A/B/A/B... (every A run against every B run).
void abaVerdicts(const VerdictContext& c, const std::string& left) {
    std::vector<std::string> names;
    for (const RunSummary& r : c.runs) names.push_back(r.testName);
    if (std::optional<ReplicateGroups> g = interleavedGroups(names); g && g->b.size() >= 2) {
        c.b.verdicts.push_back(newVerdict(c, RunVerdict::Design::Interleaved, {g->a, g->b}));
        return;
    }
    if (c.runs.size() < 3) {
        c.b.verdictNotes.push_back("A/B/A verdict for " + c.b.name + ": needs three" + left + " runs (A, B, A again)");
        return;
    }
    for (std::size_t i = 1; i + 1 < c.runs.size(); ++i)
        c.b.verdicts.push_back(
            newVerdict(c, RunVerdict::Design::Aba, {{names.front(), names.back()}, {names[i]}}));
}

void againstFirstVerdicts(const VerdictContext& c, const std::string& left) {
    if (c.runs.size() < 2) {
        c.b.verdictNotes.push_back("Verdict for " + c.b.name + ": needs two" + left + " runs");
        return;
    }
    for (std::size_t i = 1; i < c.runs.size(); ++i)
        c.b.verdicts.push_back(newVerdict(c, RunVerdict::Design::AgainstFirst,
                                          {{c.runs.front().testName}, {c.runs[i].testName}}));
}

// --bisect --good/--bad: every other run group placed between the references.
void referenceVerdicts(const VerdictContext& c) {
    std::vector<std::string> names;
    for (const RunSummary& r : c.runs) names.push_back(r.testName);
    auto good = runsNamed(c.runs, c.o.bisectGood), bad = runsNamed(c.runs, c.o.bisectBad);
    if (good.empty() || bad.empty()) {
        c.b.verdictNotes.push_back("Bisect for " + c.b.name + ": a --good or --bad run is not among its valid runs");
        return;
    }
    for (auto& [name, group] : bisectCandidates(names, c.o.bisectGood, c.o.bisectBad)) {
        BenchmarkResults::Candidate cand;
        cand.name = name;
        cand.runs = group;
        auto runs = runsNamed(c.runs, group);
        for (const std::string& op : c.ops) {
            PositionInput in{op, {}, {}, {}};
            auto gather = [&op, &c](const std::vector<const RunSummary*>& from, std::vector<double>& into) {
                for (const RunSummary* r : from) {
                    std::vector<double> u = unitValues(*r, op, c.o.units);
                    into.insert(into.end(), u.begin(), u.end());
                }
            };
            gather(good, in.good);
            gather(bad, in.bad);
            gather(runs, in.candidate);
            cand.inputs.push_back(std::move(in));
        }
        c.b.bisect.push_back(std::move(cand));
    }
    if (c.b.bisect.empty()) c.b.verdictNotes.push_back("Bisect for " + c.b.name + ": no run besides the references");
}

// Each candidate's place, at one confidence for every candidate's every
// metric (Bonferroni over them): --bisect combines them all.
void settleBisectFamily(KernelsData& d) {
    std::size_t m = 0;
    for (const BenchmarkResults& b : d.benchmarks)
        for (const BenchmarkResults::Candidate& c : b.bisect) m += c.inputs.size();
    const double confidence = 1 - kBisectAlpha / static_cast<double>(std::max<std::size_t>(m, 1));
    for (BenchmarkResults& b : d.benchmarks)
        for (BenchmarkResults::Candidate& c : b.bisect) {
            c.positions.clear();
            for (const PositionInput& in : c.inputs) c.positions.push_back(placeCandidate(in, confidence));
            c.confidence = confidence;
        }
}

void twoBaselinesVerdict(const VerdictContext& c, const KernelsData& d, const AltReportLoader& altRuns,
                         const std::string& left) {
    if (c.runs.size() < 2) {
        c.b.verdictNotes.push_back("Two-baseline table for " + c.b.name + ": needs two" + left + " runs");
        return;
    }
    std::string alt = verdictReport(c.b.name, Verdict::TwoBaselines).value_or("");
    std::vector<RunSummary> altValid =
        alt.empty() ? c.runs
                    : without(inOrder(verdictRuns(altRuns(alt), c.b.validity, c.o.includeInvalid), d.roleRuns), c.leftOut);
    if (altValid.size() < 2) {
        c.b.verdictNotes.push_back("Two-baseline table for " + c.b.name + " -a " + alt + ": needs two" + left +
                                   " runs with its logs");
        return;
    }
    c.b.baselines = twoBaselines(altValid, alt.empty() ? c.ops : verdictOps(altValid.front(), c.o.metric), c.o.units);
    if (auto cpu = cpuColumnSource(c.b.name)) addCpuColumn(*c.b.baselines, altRuns(cpu->altReport), cpu->cpuOp);
}

void rfcVerdict(const VerdictContext& c, const KernelsData& d, const AltReportLoader& altRuns) {
    std::optional<std::string> alt = verdictReport(c.b.name, Verdict::Rfc);
    if (!alt) return;  // the RFC table is pipe-pingpong's
    c.b.rfc = rfcRows(without(inOrder(verdictRuns(altRuns(*alt), c.b.validity, c.o.includeInvalid), d.roleRuns), c.leftOut));
    if (c.b.rfc.empty()) c.b.verdictNotes.push_back("RFC table for " + c.b.name + ": no run has an RFC \"iters:\" line");
}

// The elapsed row needs each verdict run's duration, in the same order.
bool alignedDurations(const std::vector<RunSummary>& runs, const std::vector<RunSummary>& elapsed) {
    return elapsed.size() == runs.size() &&
           std::equal(runs.begin(), runs.end(), elapsed.begin(),
                      [](const RunSummary& x, const RunSummary& y) { return x.testName == y.testName; });
}

// Every verdict asked for (none asked: the design the runs imply), over the
// runs it may use, in role order. The calls themselves wait for the whole
// report's family (settleFamilies).
void computeVerdicts(const KernelsOptions& o, const KernelsData& d, BenchmarkResults& b,
                     const std::vector<RunSummary>& durationRuns, const AltReportLoader& altRuns) {
    std::vector<RunSummary> runs = inOrder(verdictRuns(b.runs, b.validity, o.includeInvalid), d.roleRuns);
    std::vector<RunSummary> elapsed = inOrder(verdictRuns(durationRuns, b.validity, o.includeInvalid), d.roleRuns);
    std::vector<std::string> leftOut;
    if (!o.mixSettings) {
        std::vector<std::string> names;
        for (const RunSummary& r : runs) names.push_back(r.testName);
        SettingsSplit split = splitBySettings(o.logDir, b.name, names);
        leftOut = split.leftOut;
        b.settingsNote = split.note;
        runs = without(runs, leftOut);
        elapsed = without(elapsed, leftOut);
    }
    std::vector<Verdict> wanted = o.verdicts;
    if (wanted.empty() && !o.noVerdict && o.bisectGood.empty()) wanted.push_back(d.design);
    const std::string left = runs.size() < b.runs.size() ? " valid" : "";
    if (runs.empty()) {
        if (!wanted.empty() || !o.bisectGood.empty()) b.verdictNotes.push_back("Verdicts for " + b.name + ": no valid run");
        return;
    }
    bool elapsedWanted = !o.metric || MetricRegex(*o.metric).search(kElapsedRow);
    std::optional<std::string> yaml = embeddedShellpackYaml(b.name);
    VerdictContext c{o, b, runs, elapsedWanted && alignedDurations(runs, elapsed) ? &elapsed : nullptr,
                     verdictOps(runs.front(), o.metric),
                     yaml ? metricUnits(*yaml) : std::map<std::string, std::string>(), leftOut};
    b.units = unitDesign(runs, o.units);
    if (!o.bisectGood.empty()) referenceVerdicts(c);
    for (Verdict v : wanted) {
        if (v == Verdict::Aba) abaVerdicts(c, left);
        else if (v == Verdict::AgainstFirst) againstFirstVerdicts(c, left);
        else if (v == Verdict::TwoBaselines) twoBaselinesVerdict(c, d, altRuns, left);
        else if (v == Verdict::Rfc) rfcVerdict(c, d, altRuns);
        else b.lkp = lkpTables(runs, c.ops, o.calls, o.units);  // printed once for every benchmark (mergeLkpTables)
    }
    for (RunVerdict& v : b.verdicts) v.units = b.units;
}

// The calls, once every comparison of the report is known: one family over
// every metric of every benchmark and compared run (what --bisect combines),
// so the report's chance of any false call stays at alpha.
void settleFamilies(KernelsData& d, const CallSettings& calls) {
    std::size_t tested = 0;
    for (const BenchmarkResults& b : d.benchmarks)
        for (const RunVerdict& v : b.verdicts) tested += testedCount(v.inputs);
    for (BenchmarkResults& b : d.benchmarks)
        for (RunVerdict& v : b.verdicts) {
            std::size_t baseRuns = v.design == RunVerdict::Design::Aba ? 2
                                   : v.design == RunVerdict::Design::Interleaved ? v.baseGroup.size() / std::max<std::size_t>(v.nowGroup.size(), 1)
                                                                                  : 1;
            v.family = callFamily(v.inputs, calls, std::max<std::size_t>(baseRuns, 1), tested);
        }
}

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

// A run that otherwise looks valid but one of whose iterations holds fewer
// samples of an operation than an iteration of another run (a missing
// redis-1-1.log) is incomplete. Iterations, not runs: a run with more
// iterations is not more complete.
void markMissingSamples(BenchmarkResults& b) {
    std::map<std::string, std::size_t> most = mostPerIteration(b.runs, b.runs.front().summaryOps(std::nullopt));
    for (const RunSummary& r : b.runs) {
        auto v = std::find_if(b.validity.begin(), b.validity.end(),
                              [&r](const RunValidity& x) { return x.run == r.testName; });
        if (v == b.validity.end() || !v->valid()) continue;
        std::size_t shortOps = 0;
        std::string first;
        for (const auto& [op, n] : most) {
            const std::vector<IterationSamples>* its = r.extraction.samples(op);
            std::size_t fewest = n;
            for (int i = 0; i < r.extraction.iterations(); ++i)
                fewest = std::min(fewest, its && static_cast<std::size_t>(i) < its->size()
                                              ? (*its)[static_cast<std::size_t>(i)].values.size() : 0);
            if (fewest >= n) continue;
            if (shortOps++ == 0)
                first = op + " has " + std::to_string(fewest) + " of " + std::to_string(n) + " samples in an iteration";
        }
        if (shortOps > 0)
            *v = {v->run, RunProblem::Incomplete,
                  std::to_string(shortOps) + " operation(s) with fewer samples than another run (" + first +
                      "; a log missing?)",
                  v->iterations, ""};
    }
}

// One warning per invalid run, naming it and why (held: the report's own
// validity section and its limits say it where it is read).
void warnInvalid(const BenchmarkResults& b, bool includeInvalid, WarningTally& held) {
    for (const RunValidity& v : b.validity)
        if (!v.valid())
            held.add("invalid run", std::string(problemName(v.problem)) +
                                        (includeInvalid ? ", kept in verdicts" : ", left out of verdicts"),
                     v.run,
                     "invalid run " + v.run + " for " + b.name + " (" + problemName(v.problem) + "): " + v.reason +
                         (includeInvalid ? "; kept in verdicts (--include-invalid)" : "; left out of verdicts"));
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
                                      duration ? &durationRuns : alt ? &altRuns : nullptr));
        if (alt && b.parts.back().table && !altRuns.empty()) b.altReports.push_back({step.alt, std::move(altRuns)});
        const ReportPart& part = b.parts.back();
        if (!part.error.empty() && part.error != b.error)  // the benchmark's own failure is said once
            note(err, b.name + ": " + part.what + ": " + part.error);
        if (duration) b.duration = part.table;
    }
}

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
            markMissingSamples(b);
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
        computeVerdicts(o, d, b, durationRuns, [&](const std::string& alt) {
            return loadAltRuns(o, bench, names, alt, warnings, err);
        });
    warnInvalid(b, o.includeInvalid, held);
    if (!b.settingsNote.empty()) warn(err, b.settingsNote);
    return b;
}

// Each once: a refused tests-activity is met by run discovery and again when
// the baseline's benchmarks are listed.
void printWarnings(const Warnings& warnings, std::ostream& err) {
    std::set<std::string> said;
    for (const std::string& w : warnings)
        if (said.insert(w).second) warn(err, w);
}

}  // namespace

std::vector<std::string> selectRuns(const KernelsOptions& o, Warnings& warnings, std::vector<std::string>* roleOrder) {
    std::vector<DiscoveredRun> found = discoverRuns(o.logDir, warnings);
    // A run directory named with a control character ("x\e]0;PWNED\a", a
    // newline that would forge a table row) is named in a warning, escaped,
    // and not compared: every table would have to show it.
    std::erase_if(found, [&warnings](const DiscoveredRun& r) {
        if (mmtp::escapeControls(r.name) == r.name) return false;
        warnings.push_back("run directory '" + r.name + "': a control character in its name; not compared");
        return true;
    });
    if (found.empty())
        throw std::runtime_error(o.logDir.string() +
                                 " does not look like an MMTests results directory (no RUN/iter-*/tests-activity)");
    auto has = [&found](const std::string& n) {
        return std::any_of(found.begin(), found.end(), [&n](const DiscoveredRun& r) { return r.name == n; });
    };
    std::vector<std::string> names;
    if (o.baseline) {
        names.push_back(*o.baseline);
        names.insert(names.end(), o.compare.begin(), o.compare.end());
        for (const std::string& n : names)
            if (!has(n)) throw std::runtime_error("cannot find results for kernel '" + n + "' in " + o.logDir.string());
    } else {
        if (!o.compare.empty()) throw std::runtime_error("--compare without --baseline is invalid");
        for (const DiscoveredRun& r : found) names.push_back(r.name);
    }
    std::erase_if(names, [&o](const std::string& n) {
        return std::find(o.exclude.begin(), o.exclude.end(), n) != o.exclude.end();
    });
    if (roleOrder) *roleOrder = names;
    if (o.sortVersion) {
        VersionOrder order = sortByVersion(names);
        // compare-kernels.sh drops these; a report without them would hide a run that was asked for.
        for (const std::string& n : order.unmatched)
            warnings.push_back("--sort-version: run '" + n + "' has no character after its major version ('" +
                               n.substr(0, n.find('.')) +
                               "'), so compare-kernels.sh would leave it out; listed last");
        names = order.runs;
        names.insert(names.end(), order.unmatched.begin(), order.unmatched.end());
    }
    if (names.empty()) throw std::runtime_error("no runs left to compare after --exclude");
    return names;
}

namespace {

// The report, from the runs' data; what it warns goes to err (the held
// stream) or, when it would repeat per iteration or benchmark, into held.
KernelsReport buildReport(const KernelsOptions& o, WarningTally& held, std::ostream& err) {
    KernelsData data;
    Warnings warnings;
    try {
        data.runs = selectRuns(o, warnings, &data.roleRuns);
    } catch (const std::exception&) {
        printWarnings(warnings, err);  // they may say why no run was found
        throw;
    }
    for (const std::string& n : data.runs) {
        data.states.push_back(readMachineState(o.logDir, n));
        warnings.insert(warnings.end(), data.states.back().warnings.begin(), data.states.back().warnings.end());
        data.settings.push_back(readRunSettings(o.logDir, n));
        warnings.insert(warnings.end(), data.settings.back().warnings.begin(), data.settings.back().warnings.end());
        for (std::string& w : clockRecordWarnings(o.logDir, n)) {  // our workloads' clock and noise checks
            if (std::optional<std::string> topic = clockWarningTopic(w)) held.add("clock", *topic, n, std::move(w));
            else warnings.push_back(std::move(w));
        }
    }
    data.optionBlocks = optionBlocks(o.logDir, data.runs.front(), warnings);
    std::vector<std::string> ran = benchmarksOfRun(o.logDir / data.runs.front(), warnings);
    printWarnings(warnings, err);
    data.impliedDesign = o.verdicts.empty() && !o.noVerdict;
    data.bisectGood = o.bisectGood;
    data.bisectBad = o.bisectBad;
    data.design = data.impliedDesign ? impliedDesign(data.roleRuns) : Verdict::Aba;
    for (Verdict v : o.verdicts)
        if (v == Verdict::AgainstFirst) data.design = v;
    for (const std::string& bench : ran) data.benchmarks.push_back(loadBenchmark(o, data, bench, held, err));
    data.limits = machineLimits(data);
    data.warningSummary = held.summary();
    settleFamilies(data, o.calls);
    settleBisectFamily(data);
    for (const BenchmarkResults& b : data.benchmarks) mergeLkpTables(b.name, b.lkp, data.lkpAcross);

    KernelsReport report;
    report.page = o.format == KernelsFormat::Html ? renderKernelsHtml(o, data, err)
                  : o.format == KernelsFormat::Mail ? renderKernelsMail(o, data)
                                                    : renderKernelsText(o, data);
    report.bisectStatus = bisectStatus(data);
    report.json = renderKernelsJson(o, data, err);
    for (const BenchmarkResults& b : data.benchmarks) {
        if (!b.error.empty()) ++report.failedBenchmarks;
        for (const ReportPart& p : b.parts) {
            if (!p.error.empty()) ++report.failedSections;
            if (p.table && !p.table->body.rows.empty()) ++report.reportedTables;
        }
    }
    return report;
}

}  // namespace

KernelsReport buildKernelsReport(const KernelsOptions& o, std::ostream& err) {
    std::ostringstream said;  // what is said after the report, so that the answer comes first
    WarningTally held;
    auto sayAll = [&] {
        std::istringstream lines(said.str());
        for (std::string line; std::getline(lines, line);) passOnLine(err, line);
    };
    try {
        KernelsReport report = buildReport(o, held, said);
        report.said = said.str();
        report.held = std::move(held);
        return report;
    } catch (...) {
        sayAll();  // they may say why
        for (const std::string& m : held.messages()) warn(err, m);
        throw;
    }
}

void sayAfterReport(const KernelsReport& report, bool allWarnings, std::ostream& err) {
    if (allWarnings)
        for (const std::string& m : report.held.messages()) warn(err, m);
    else
        for (const std::string& line : report.held.summary()) note(err, line);
    std::istringstream lines(report.said);
    for (std::string line; std::getline(lines, line);) passOnLine(err, line);
}

}  // namespace mmtp::compare
