#include "kernels/report.hpp"

#include "core/diagnostics.hpp"
#include "input/clock_record.hpp"
#include "input/host_record.hpp"
#include "input/loaded_run.hpp"
#include "input/run_discovery.hpp"
#include "kernels/benchmark_load.hpp"
#include "kernels/call_families.hpp"
#include "input/matrix_rows.hpp"
#include "kernels/machine_limits.hpp"
#include "kernels/page.hpp"
#include "kernels/run_selection.hpp"
#include "kernels/shared_boots.hpp"
#include "kernels/verdict_roles.hpp"
#include "tables/verdict.hpp"

#include <ostream>
#include <set>
#include <sstream>

namespace mmtp::compare {

namespace {

// Each once: a refused tests-activity is met by run discovery and again when
// the baseline's benchmarks are listed.
void printWarnings(const Warnings& warnings, std::ostream& err) {
    std::set<std::string> said;
    for (const std::string& w : warnings)
        if (said.insert(w).second) warn(err, w);
}

// The loaded runs into the report's data: machine state, settings, what is
// recorded of each (host, kernel, cmdline) and how the hosts differ; their
// warnings, the clock checks' held by topic.
void addLoadedRuns(std::vector<LoadedRun>& loaded, KernelsData& data, Warnings& warnings, WarningTally& held) {
    std::vector<HostRecord> hosts;
    for (LoadedRun& r : loaded) {
        warnings.insert(warnings.end(), r.state.warnings.begin(), r.state.warnings.end());
        warnings.insert(warnings.end(), r.settings.warnings.begin(), r.settings.warnings.end());
        for (std::string& w : r.clockWarnings) {  // our workloads' clock and noise checks
            if (std::optional<std::string> topic = clockWarningTopic(w)) held.add("clock", *topic, r.name, std::move(w));
            else warnings.push_back(std::move(w));
        }
        data.recorded[r.name] = recordedState(r.host, r.state, r.settings);
        hosts.push_back(std::move(r.host));
        data.states.push_back(std::move(r.state));
        data.settings.push_back(std::move(r.settings));
    }
    data.hostDifferences = hostDifferences(hosts);
}

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
    // Each run once (input/loaded_run.hpp); every step below reads these.
    std::vector<LoadedRun> loaded;
    for (const std::string& n : data.runs) loaded.push_back(loadRun(o.logDir, n));
    // Before any table: runs that ran in one boot are one kernel, not two.
    for (const LoadedRun& r : loaded) warnings.insert(warnings.end(), r.bootWarnings.begin(), r.bootWarnings.end());
    const std::vector<SharedBoot> shared = sharedBoots(loaded);
    if (!shared.empty()) printWarnings(warnings, err);
    refuseSharedBoots(shared);
    addLoadedRuns(loaded, data, warnings, held);
    data.optionBlocks = optionBlocks(o.logDir, data.runs.front(), warnings);
    std::vector<std::string> ran = benchmarksOfRun(o.logDir / data.runs.front(), warnings);
    std::vector<std::string> matrixNotes = matrixRowNotes(o.logDir, warnings);  // the columns asked, not in the tree
    data.recordedSettings = readRecordedSettings(o.logDir, data.runs, ran);
    printWarnings(warnings, err);
    data.impliedDesign = o.verdicts.empty() && !o.noVerdict;
    data.bisectGood = o.bisectGood;
    data.bisectBad = o.bisectBad;
    data.design = data.impliedDesign ? impliedDesign(data.roleRuns, data.recorded) : Verdict::Aba;
    for (Verdict v : o.verdicts)
        if (v == Verdict::AgainstFirst) data.design = v;
    for (const std::string& bench : ran) data.benchmarks.push_back(loadBenchmark(o, data, bench, held, err));
    data.limits = machineLimits(data);
    for (std::string& line : matrixNotes) data.limits.push_back(std::move(line));
    if (!data.hostDifferences.empty()) {  // first: nothing below compares kernels
        std::vector<std::string> first{"the runs ran on different machines: no verdict compares them as kernels"};
        for (const std::string& d : data.hostDifferences) first.push_back("  " + d);
        data.limits.insert(data.limits.begin(), first.begin(), first.end());
    }
    data.warningSummary = held.summary();
    settleFamilies(data, o.calls);
    settleBisectFamily(data);
    for (const BenchmarkResults& b : data.benchmarks) mergeLkpTables(b.name, b.lkp, data.lkpAcross);

    KernelsReport report;
    report.page = o.format == KernelsFormat::Html ? renderKernelsHtml(o, data, err)
                  : o.format == KernelsFormat::Mail ? renderKernelsMail(o, data)
                                                    : renderKernelsText(o, data);
    report.bisectStatus = bisectStatus(data);
    if (o.json) report.json = renderKernelsJson(o, data, err);  // a fifth of a report's CPU: only when written
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
