#include "report/load_runs.hpp"

#include "base/errors.hpp"
#include "core/subheading_match.hpp"
#include "parsers/benchmark_source.hpp"
#include "report/json_import.hpp"
#include "input/log_files.hpp"
#include "parsers/monitors.hpp"
#include "stats/stats.hpp"

#include <ostream>
#include <regex>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// The iter-* entries of a run directory, in glob order.
std::vector<fs::path> iterationDirs(const fs::path& runDir) {
    std::vector<fs::path> dirs;
    for (const std::string& n : listDirectory(runDir))
        if (n.rfind("iter-", 0) == 0) dirs.push_back(runDir / n);
    return dirs;
}

RunSummary newRun(const std::string& testName, const BenchmarkSource& src) {
    RunSummary run;
    run.testName = testName;
    run.preferHigher = src.settings.preferHigher;
    run.precision = src.settings.precision;
    run.summaryType = src.settings.type;
    run.definition = summaryDefinition(src.settings.type);
    return run;
}

RunSummary newMonitorRun(const std::string& testName, const MonitorSpec& spec, const std::string& subHeading) {
    RunSummary run;
    run.testName = testName;
    run.opName = std::string(spec.opName);
    run.fieldLength = spec.fieldLength;
    run.preferHigher = spec.preferHigher;
    run.exactSubheading = spec.exactSubheading;
    run.subheadingSelectsOps = spec.subheadingSelectsOps;
    run.summaryType = spec.summary;
    run.definition = summaryDefinition(spec.summary);
    if (spec.customStats) run.definition = {spec.customStats(subHeading), spec.customRatioStats};
    return run;
}

// compare-mmtests.pl drops a run whose summary dies (e.g. a harmonic mean of
// all-zero samples) with a warning and compares the others.
bool summarise(RunSummary& run, const LoadRequest& r, const std::string& bench, std::ostream& err) {
    try {
        if (r.ratioSummary) run.summariseRatio(r.subHeading);
        else run.summarise(r.subHeading);
        return true;
    } catch (const StatDied& e) {
        err << "compare-mmtests: warning: run " << run.testName << " of " << bench
            << " dropped, as MMTests drops it: " << e.what() << " in its summary\n";
        return false;
    }
}

void reportWarnings(const Warnings& warnings, const std::string& name, std::ostream& err) {
    constexpr std::size_t kMaxWarnings = 10;
    for (std::size_t i = 0; i < warnings.size() && i < kMaxWarnings; ++i)
        err << "compare-mmtests: warning: " << warnings[i] << "\n";
    if (warnings.size() > kMaxWarnings)
        err << "compare-mmtests: warning: ... and " << warnings.size() - kMaxWarnings
            << " more malformed lines in run " << name << "\n";
}

}  // namespace

// compare-mmtests.pl --print-monitor: the monitor's module reads each run's
// iter-* directories; a run whose module dies is dropped with a warning.
std::vector<RunSummary> loadMonitorRuns(const LoadRequest& r, std::ostream& err) {
    const MonitorSpec* spec = findMonitor(*r.monitor);
    if (!spec)
        throw UsageError("--print-monitor " + *r.monitor + ": no such monitor here (supported: " +
                         supportedMonitors() + ")");
    const MonitorRequest request{r.benchmark, r.subHeading.value_or("")};
    MonitorSession session;
    std::vector<RunSummary> runs;
    for (const std::string& name : r.names) {
        fs::path runDir = r.directory / name;
        RunSummary run = newMonitorRun(name, *spec, request.subHeading);
        std::vector<fs::path> iters = iterationDirs(runDir);
        if (iters.empty())
            err << "compare-mmtests: warning: no iter-* directories in " << runDir.string() << "; run " << name
                << " has no results\n";
        if (!iters.empty()) {
            MonitorRun monitored;
            try {
                monitored = spec->parse(iters, request, session);
            } catch (const MonitorDied& e) {
                err << "compare-mmtests: warning: run " << name << " dropped, as MMTests drops it: " << e.what()
                    << "\n";
                continue;
            }
            for (const Rows& rows : monitored.iterations) {
                for (const Row& row : rows) run.extraction.addData(row.metric, row.interval, row.value);
                run.extraction.nextIteration();
            }
            if (monitored.operations) run.extraction.setOperations(*monitored.operations);
            if (monitored.fieldLength) run.fieldLength = *monitored.fieldLength;
        }
        if (summarise(run, r, "monitor " + *r.monitor, err)) runs.push_back(std::move(run));
    }
    return runs;
}

std::vector<RunSummary> loadRunsFromTree(const LoadRequest& r, std::ostream& err) {
    if (r.monitor) return loadMonitorRuns(r, err);
    BenchmarkSource source = findBenchmark(r.benchmark, r.altReport, r.subHeading, r.mmtestsDir);
    Extraction::LabelFilter keep;
    if (r.subHeading) {
        try {
            keep = [m = SubheadingMatch(*r.subHeading)](const std::string& label) { return m.matches(label, false); };
        } catch (const std::regex_error&) {
            throw UsageError("--sub-heading '" + *r.subHeading + "' is not a valid regular expression");
        }
    }
    std::vector<RunSummary> runs;
    for (const std::string& name : r.names) {
        fs::path runDir = r.directory / name;
        RunSummary run = newRun(name, source);
        std::vector<fs::path> iters = iterationDirs(runDir);
        if (iters.empty())
            err << "compare-mmtests: warning: no iter-* directories in " << runDir.string() << "; run " << name
                << " has no results\n";
        Warnings warnings;
        for (const fs::path& iter : iters) {
            run.extraction.addRows(source.parse(iter / r.benchmark / "logs", warnings), keep);
            run.extraction.nextIteration();
        }
        reportWarnings(warnings, name, err);
        if (r.verbose)
            err << "compare-mmtests: " << name << ": " << iters.size() << " iteration dirs, "
                << run.extraction.operations().size() << " operations\n";
        if (summarise(run, r, r.benchmark, err)) runs.push_back(std::move(run));
    }
    return runs;
}

std::vector<RunSummary> loadRunsFromJson(const fs::path& file, const LoadRequest& r, std::ostream& err) {
    std::vector<RunSummary> runs;
    for (ImportedRun& imported : importJson(file)) {
        BenchmarkSource src = findBenchmark(imported.bench, r.altReport, r.subHeading, r.mmtestsDir);
        RunSummary run = newRun(imported.testName, src);
        run.extraction = std::move(imported.extraction);
        if (summarise(run, r, imported.bench, err)) runs.push_back(std::move(run));
    }
    return runs;
}

}  // namespace mmtp::compare
