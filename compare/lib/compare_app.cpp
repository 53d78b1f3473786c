#include "lib/compare_app.hpp"

#include "lib/benchmark_source.hpp"
#include "lib/comparison.hpp"
#include "lib/json_io.hpp"
#include "lib/log_files.hpp"
#include "lib/monitor_duration.hpp"
#include "lib/render.hpp"
#include "lib/stats.hpp"

#include <boost/program_options.hpp>
#include <cstdlib>
#include <iostream>
#include <sstream>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

struct Options {
    std::optional<std::string> directory, names, benchmark, subHeading, monitor, fromJson, mmtestsDir;
    std::string altReport;
    std::string format = "text";
    bool printRatio = false, printSignificance = false, noCompare = false, jsonExport = false, verbose = false;
};

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

po::options_description describeOptions(Options& o) {
    po::options_description d("Options (as MMTests' compare-mmtests.pl)");
    auto opt = [](std::optional<std::string>& dst) {
        return po::value<std::string>()->notifier([&dst](const std::string& v) { dst = v; });
    };
    d.add_options()
        ("directory,d", opt(o.directory), "work log directory to extract data from")
        ("names,n", opt(o.names), "comma-separated run names (as given to run-mmtests.sh); the first is the baseline")
        ("benchmark,b", opt(o.benchmark), "benchmark to extract data for")
        ("altreport,a", po::value(&o.altReport), "alternative report (shellpack-ALT.yaml, parse-results-ALT)")
        ("sub-heading", opt(o.subHeading), "analyse only operations starting with this (a regex)")
        ("print-ratio", po::bool_switch(&o.printRatio), "print ratios to the baseline instead of absolute values")
        ("print-significance", po::bool_switch(&o.printSignificance), "add rows saying which changes are significant")
        ("print-header", po::bool_switch(), "accepted for compatibility (compare-mmtests.pl ignores it)")
        ("print-monitor", opt(o.monitor), "compare a monitor instead (only 'duration')")
        ("no-compare", po::bool_switch(&o.noCompare), "hide the percentage comparisons")
        ("format", po::value(&o.format), "text (default) or html")
        ("json-export", po::bool_switch(&o.jsonExport), "also save the comparison data as DIR/BENCH.json.zst")
        ("from-json", opt(o.fromJson), "read the runs from a JSON array of extract modules instead of -d")
        ("mmtests-dir", opt(o.mmtestsDir), "MMTests checkout for benchmarks not parsed natively (default: $MMTESTS_DIR)")
        ("verbose,v", po::bool_switch(&o.verbose), "say what is loaded (on stderr)")
        ("help,h", "print this help");
    return d;
}

std::vector<std::string> splitNames(const std::string& s) {
    // Perl's split /,/: empty trailing names dropped.
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ',')) out.push_back(item);
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

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
    run.definition = summaryDefinition(src.settings.type);
    return run;
}

RunSummary newDurationRun(const std::string& testName) {
    RunSummary run;
    run.testName = testName;
    run.opName = "Duration";
    run.definition = summaryDefinition(SummaryType::Singleops);
    return run;
}

// compare-mmtests.pl drops a run whose summary dies (e.g. a harmonic mean of
// all-zero samples) with a warning and compares the others.
bool summarise(RunSummary& run, bool ratio, const std::optional<std::string>& subHeading, const std::string& bench,
               std::ostream& err) {
    try {
        if (ratio) run.summariseRatio(subHeading);
        else run.summarise(subHeading);
        return true;
    } catch (const IllegalDivisionByZero& e) {
        err << "compare-mmtests: warning: run " << run.testName << " of " << bench
            << " dropped, as MMTests drops it: " << e.what() << " in its summary\n";
        return false;
    }
}

std::optional<fs::path> mmtestsDirFrom(const Options& o) {
    if (o.mmtestsDir) return fs::path(*o.mmtestsDir);
    if (const char* env = std::getenv("MMTESTS_DIR"); env && *env) return fs::path(env);
    return std::nullopt;
}

std::vector<RunSummary> runsFromTree(const Options& o, std::ostream& err) {
    if (!o.directory || !fs::is_directory(*o.directory))
        throw UsageError("report directory " + (o.directory ? *o.directory : std::string("(none)")) +
                         " does not exist or was not specified (-d)");
    if (!o.benchmark) throw UsageError("no benchmark given (-b)");
    if (!o.names) throw UsageError("no run names given (-n)");
    const bool monitor = o.monitor.has_value();
    if (monitor && *o.monitor != "duration")
        throw UsageError("--print-monitor " + *o.monitor + " is not supported (only 'duration')");
    std::optional<BenchmarkSource> source;
    if (!monitor) source = findBenchmark(*o.benchmark, o.altReport, o.subHeading, mmtestsDirFrom(o));
    std::optional<std::regex> dataFilter;
    if (o.subHeading) {
        try {
            dataFilter = std::regex(*o.subHeading);
        } catch (const std::regex_error&) {
            throw UsageError("--sub-heading '" + *o.subHeading + "' is not a valid regular expression");
        }
    }
    std::vector<RunSummary> runs;
    for (const std::string& name : splitNames(*o.names)) {
        fs::path runDir = fs::path(*o.directory) / name;
        RunSummary run = monitor ? newDurationRun(name) : newRun(name, *source);
        std::vector<fs::path> iters = iterationDirs(runDir);
        if (iters.empty())
            err << "compare-mmtests: warning: no iter-* directories in " << runDir.string()
                << "; run " << name << " has no results\n";
        Warnings warnings;
        for (const fs::path& iter : iters) {
            if (monitor) extractDuration(run.extraction, iter, *o.benchmark);
            else run.extraction.addRows(source->parse(iter / *o.benchmark / "logs", warnings), dataFilter);
            run.extraction.nextIteration();
        }
        constexpr std::size_t kMaxWarnings = 10;
        for (std::size_t i = 0; i < warnings.size() && i < kMaxWarnings; ++i)
            err << "compare-mmtests: warning: " << warnings[i] << "\n";
        if (warnings.size() > kMaxWarnings)
            err << "compare-mmtests: warning: ... and " << warnings.size() - kMaxWarnings << " more malformed lines in run "
                << name << "\n";
        if (o.verbose)
            err << "compare-mmtests: " << name << ": " << iters.size() << " iteration dirs, "
                << run.extraction.operations().size() << " operations\n";
        if (summarise(run, !monitor && o.printRatio, o.subHeading, *o.benchmark, err)) runs.push_back(std::move(run));
    }
    return runs;
}

std::vector<RunSummary> runsFromJson(const Options& o, std::ostream& err) {
    std::vector<RunSummary> runs;
    for (ImportedRun& imported : importJson(*o.fromJson)) {
        BenchmarkSource src = findBenchmark(imported.bench, o.altReport, o.subHeading, mmtestsDirFrom(o));
        RunSummary run = newRun(imported.testName, src);
        run.extraction = std::move(imported.extraction);
        if (summarise(run, !o.monitor && o.printRatio, o.subHeading, imported.bench, err)) runs.push_back(std::move(run));
    }
    return runs;
}

}  // namespace

int runCompareMmtests(int argc, const char* const argv[], std::ostream& out, std::ostream& err) {
    Options o;
    po::options_description desc = describeOptions(o);
    try {
        po::variables_map vm;
        try {
            po::store(po::command_line_parser(argc, argv).options(desc).run(), vm);
            po::notify(vm);
        } catch (const po::error& e) {
            throw UsageError(e.what());
        }
        if (vm.count("help")) {
            out << "usage: compare-mmtests -d WORK/log -b BENCH -n RUN1,RUN2,... [options]\n"
                   "Prints the tables of MMTests' bin/compare-mmtests.pl, byte for byte, without Perl or R.\n\n"
                << desc << "\n";
            return 0;
        }
        if (o.format != "text" && o.format != "html" && o.format != "")
            throw UsageError("--format " + o.format + ": use text or html");

        std::vector<RunSummary> runs = o.fromJson ? runsFromJson(o, err) : runsFromTree(o, err);
        if (runs.empty()) throw std::runtime_error("no run could be loaded");
        CompareOptions co;
        co.printRatio = o.printRatio;
        co.showCompare = !o.noCompare && !o.monitor;
        co.printSignificance = o.printSignificance;
        co.subHeading = o.subHeading;
        ComparisonReport report = buildComparison(runs, co);
        out << renderReport(report, o.format == "html" ? OutputFormat::Html : OutputFormat::Text);
        out.flush();
        if (o.jsonExport && o.benchmark && o.directory)
            exportJson(fs::path(*o.directory) / (*o.benchmark + ".json.zst"), *o.benchmark, runs);
        return 0;
    } catch (const UsageError& e) {
        err << "compare-mmtests: " << e.what() << " (see --help)\n";
        return 2;
    } catch (const std::exception& e) {
        err << "compare-mmtests: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace mmtp::compare
