#include "load/load_runs.hpp"

#include "core/diagnostics.hpp"
#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "core/subheading_match.hpp"
#include "parsers/benchmark_source.hpp"
#include "load/json_import.hpp"
#include "input/boot_record.hpp"
#include "input/log_files.hpp"
#include "monitors/monitors.hpp"
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

// A run's name as its tables show it: a newline or ESC in a directory name
// is shown escaped, never a forged row or a terminal command.
RunSummary newRun(const std::string& testName, const BenchmarkSource& src) {
    RunSummary run;
    run.testName = escapeControls(testName);
    run.preferHigher = src.settings.preferHigher;
    run.precision = src.settings.precision;
    run.summaryType = src.settings.type;
    run.definition = summaryDefinition(src.settings.type);
    return run;
}

RunSummary newMonitorRun(const std::string& testName, const MonitorSpec& spec, const std::string& subHeading) {
    RunSummary run;
    run.testName = escapeControls(testName);
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
        warn(err, "run " + run.testName + " of " + bench + " dropped, as MMTests drops it: " + e.what() +
                      " in its summary");
        return false;
    }
}

void warnLongNames(const RunSummary& run, std::ostream& err) {
    if (std::size_t n = run.extraction.refusedLongNames())
        warn(err, "run " + run.testName + ": " + std::to_string(n) + " rows whose operation name is longer than " +
                      std::to_string(kMaxOperationNameBytes) + " bytes (the name limit); left out");
}

void reportWarnings(const Warnings& warnings, const std::string& name, std::ostream& err) {
    constexpr std::size_t kMaxWarnings = 10;
    for (std::size_t i = 0; i < warnings.size() && i < kMaxWarnings; ++i)
        warn(err, warnings[i]);
    if (warnings.size() > kMaxWarnings)
        warn(err, "... and " + std::to_string(warnings.size() - kMaxWarnings) + " more malformed lines in run " + name);
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
            warn(err, "no iter-* directories in " + runDir.string() + "; run " + name + " has no results");
        if (!iters.empty()) {
            MonitorRun monitored;
            try {
                monitored = spec->parse(iters, request, session);
            } catch (const MonitorDied& e) {
                warn(err, "run " + name + " dropped, as MMTests drops it: " + e.what());
                continue;
            } catch (const InputError& e) {  // a file over a read limit costs its run, not the table
                warn(err, std::string(e.what()) + "; run " + name + " dropped");
                continue;
            }
            for (const Rows& rows : monitored.iterations) {
                for (const Row& row : rows) run.extraction.addData(row.metric, row.interval, row.value);
                run.extraction.nextIteration();
            }
            if (monitored.operations) run.extraction.setOperations(*monitored.operations);
            if (monitored.fieldLength) run.fieldLength = *monitored.fieldLength;
        }
        warnLongNames(run, err);
        if (summarise(run, r, "monitor " + *r.monitor, err)) runs.push_back(std::move(run));
    }
    return runs;
}

namespace {

// --sub-heading's filter of the rows an extraction keeps (none: every row).
Extraction::LabelFilter subheadingFilter(const LoadRequest& r) {
    Extraction::LabelFilter keep;
    if (r.subHeading) {
        try {
            keep = [m = SubheadingMatch(*r.subHeading)](const std::string& label) { return m.matches(label, false); };
        } catch (const std::regex_error&) {
            throw UsageError("--sub-heading '" + *r.subHeading + "' is not a valid regular expression");
        }
    }
    return keep;
}

void sayLoaded(const LoadRequest& r, const std::string& name, std::size_t iterations, const RunSummary& run,
               std::ostream& err) {
    if (r.verbose)
        err << programName() << ": " << escapeControls(name) << ": " << iterations << " iteration dirs, "
            << run.extraction.operations().size() << " operations\n";
}

}  // namespace

std::vector<RunSummary> loadRunsFromTree(const LoadRequest& r, std::ostream& err) {
    if (r.monitor) return loadMonitorRuns(r, err);
    BenchmarkSource source = findBenchmark(r.benchmark, r.altReport, r.subHeading, r.mmtestsDir);
    const Extraction::LabelFilter keep = subheadingFilter(r);
    std::vector<RunSummary> runs;
    std::optional<std::string> firstRefusal;
    std::size_t rowsLoaded = 0;
    for (const std::string& name : r.names) {
        fs::path runDir = r.directory / name;
        RunSummary run = newRun(name, source);
        std::vector<fs::path> iters = iterationDirs(runDir);
        if (iters.empty())
            warn(err, "no iter-* directories in " + runDir.string() + "; run " + name + " has no results");
        Warnings warnings;
        for (const fs::path& iter : iters) {
            // A file the parser refused (corrupt .gz, over a read limit)
            // costs this iteration of this run, not the benchmark.
            try {
                RowTable rows = source.parse(iter / r.benchmark / "logs", warnings);
                rowsLoaded += rows.size();
                run.extraction.addRows(rows, keep);
            } catch (const InputError& e) {
                warn(err, std::string(e.what()) + "; " + iter.filename().string() + " of run " + name +
                              " has no results");
                if (!firstRefusal) firstRefusal = e.what();
            }
            run.extraction.nextIteration();
            run.iterationBoots.push_back(readBootId(iter, warnings));
        }
        reportWarnings(warnings, name, err);
        warnLongNames(run, err);
        sayLoaded(r, name, iters.size(), run, err);
        if (summarise(run, r, r.benchmark, err)) runs.push_back(std::move(run));
    }
    // Refused files everywhere and nothing else: the benchmark fails, naming the first.
    if (rowsLoaded == 0 && firstRefusal) throw InputError(*firstRefusal);
    return runs;
}

// The tree path above, its parse of each iteration replaced by the rows
// import stored of it: stored runs have iterations, parses without warnings
// or refusals (stored_rows.hpp), so nothing else differs.
std::vector<RunSummary> loadRunsFromStoredRows(const LoadRequest& r, std::vector<store::StoredRunRows> stored,
                                               std::ostream& err) {
    if (stored.size() != r.names.size()) throw std::logic_error("stored rows for another list of runs");
    BenchmarkSource source = findBenchmark(r.benchmark, r.altReport, r.subHeading, r.mmtestsDir);
    const Extraction::LabelFilter keep = subheadingFilter(r);
    std::vector<RunSummary> runs;
    for (std::size_t i = 0; i < r.names.size(); ++i) {
        RunSummary run = newRun(r.names[i], source);
        for (std::size_t j = 0; j < stored[i].iterations.size(); ++j) {
            run.extraction.addRows(RowTable(std::move(stored[i].iterations[j])), keep);
            run.extraction.nextIteration();
            run.iterationBoots.push_back(std::move(stored[i].boots[j]));
        }
        warnLongNames(run, err);
        sayLoaded(r, r.names[i], stored[i].iterations.size(), run, err);
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
        run.iterationBoots = std::move(imported.iterationBoots);
        warnLongNames(run, err);
        if (summarise(run, r, imported.bench, err)) runs.push_back(std::move(run));
    }
    return runs;
}

}  // namespace mmtp::compare
