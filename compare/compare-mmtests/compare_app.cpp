#include "compare-mmtests/compare_app.hpp"

#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "core/diagnostics.hpp"
#include "input/bounded_read.hpp"
#include "input/run_snapshot.hpp"
#include "input/run_validity.hpp"
#include "tables/comparison.hpp"
#include "render/json_export.hpp"
#include "load/command_line.hpp"
#include "load/load_runs.hpp"
#include "load/store_runs.hpp"
#include "parsers/parsers.hpp"
#include "render/render.hpp"
#include "stats/row_kinds.hpp"

#include <boost/program_options.hpp>
#include <ostream>

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

struct Options {
    std::optional<std::string> directory, names, benchmark, subHeading, monitor, fromJson, mmtestsDir;
    std::string altReport;
    std::string format = "text";
    bool printRatio = false, printSignificance = false, noCompare = false, jsonExport = false, verbose = false,
         explain = false, followOutsideLinks = false;
    StoreOptions stored;  // --store, --machine
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
        ("print-monitor", opt(o.monitor), "compare a monitor instead (vmstat, mpstat, iostat, top, duration, ...)")
        ("no-compare", po::bool_switch(&o.noCompare), "hide the percentage comparisons")
        ("format", po::value(&o.format), "text (default) or html")
        ("json-export", po::bool_switch(&o.jsonExport), "also save the comparison data as DIR/BENCH.json.zst")
        ("from-json", opt(o.fromJson), "read the runs from a JSON array of extract modules instead of -d");
    addStoreOptions(d, o.stored);  // beside -d and --from-json
    d.add_options()
        ("mmtests-dir", opt(o.mmtestsDir), "MMTests checkout for benchmarks not parsed natively (default: $MMTESTS_DIR)")
        ("follow-outside-links", po::bool_switch(&o.followOutsideLinks), kFollowOutsideLinksHelp)
        ("verbose,v", po::bool_switch(&o.verbose), "say what is loaded (on stderr)")
        ("explain", po::bool_switch(&o.explain),
         "say on stderr which statistic each row kind is (Amean, Hmean, BAmean-95, Ops, ...) and over which "
         "samples; stdout stays compare-mmtests.pl's")
        ("help,h", "print this help");
    return d;
}

LoadRequest loadRequest(const Options& o) {
    LoadRequest r;
    if (o.directory) r.directory = *o.directory;
    if (o.benchmark) r.benchmark = *o.benchmark;
    if (o.names) r.names = splitRunNames(*o.names);
    r.altReport = o.altReport;
    r.subHeading = o.subHeading;
    r.monitor = o.monitor;
    r.ratioSummary = o.printRatio && !o.monitor;
    r.mmtestsDir = mmtestsDirOrEnv(o.mmtestsDir);
    r.verbose = o.verbose;
    return r;
}

// The benchmark whose --store table may come from the rows the store holds
// (store/stored_rows.hpp): a natively parsed main report, not a monitor.
std::optional<std::string> storedRowsOf(const Options& o) {
    if (!o.stored.store || !o.benchmark || !o.names || o.monitor || !o.altReport.empty() ||
        !findNativeBenchmark(*o.benchmark))
        return std::nullopt;
    return o.benchmark;
}

// The warnings of invalid runs (compare-mmtests.pl's table stays): their
// validity as import checked it, with the stored rows...
Warnings invalidStoredRuns(const Options& o, const std::vector<store::StoredRunRows>& rows) {
    const std::vector<std::string> names = splitRunNames(*o.names);
    Warnings out;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (!rows[i].problem.empty())
            out.push_back("invalid run " + names[i] + " (" + rows[i].problem + "): " + rows[i].reason);
    return out;
}

// ... or as the tree says.
Warnings invalidTreeRuns(const Options& o) {
    Warnings out, unreadable;  // the load already reported unreadable files
    for (const RunValidity& v : checkRunsValidity(*o.directory, splitRunNames(*o.names), *o.benchmark, unreadable))
        if (!v.valid()) out.push_back("invalid run " + v.run + " (" + problemName(v.problem) + "): " + v.reason);
    return out;
}

std::vector<RunSummary> loadRuns(const Options& o, std::optional<store::StoreView>& stored, std::ostream& err) {
    if (stored && stored->rows) return loadRunsFromStoredRows(loadRequest(o), std::move(*stored->rows), err);
    if (o.fromJson) return loadRunsFromJson(*o.fromJson, loadRequest(o), err);
    const bool inMemory = stored && stored->memory;  // its directory is in the snapshot only
    if (!o.directory || (!inMemory && !fs::is_directory(*o.directory)))
        throw UsageError("report directory " + (o.directory ? *o.directory : std::string("(none)")) +
                         " does not exist or was not specified (-d)");
    if (!o.benchmark) throw UsageError("no benchmark given (-b)");
    if (!o.names) throw UsageError("no run names given (-n)");
    return loadRunsFromTree(loadRequest(o), err);
}

}  // namespace

int compareMmtests(int argc, const char* const argv[], std::ostream& out, std::ostream& err) {
    Options o;
    po::options_description desc = describeOptions(o);
    po::variables_map vm = parseCommandLine(argc, argv, desc);
    if (vm.count("help")) {
        out << "usage: compare-mmtests {-d WORK/log | --store DB [--machine M]} -b BENCH -n RUN1,RUN2,... [options]\n"
               "Prints the tables of MMTests' bin/compare-mmtests.pl, byte for byte, without Perl or R.\n\n"
            << desc
            << "\nExit status: 0 the table was printed; 1 nothing to compare (unknown benchmark, no named run has\n"
               "results, --sub-heading matches nothing, unreadable --from-json, ...); 2 bad command line (unknown\n"
               "option, missing -d/-b/-n, bad --format, --print-monitor or --sub-heading). compare-mmtests.pl\n"
               "exits with a leftover errno (2, 29) or 255 instead: docs/exit-codes.md has the table per cause.\n";
        return 0;
    }
    // --store: the stored runs as a private tree, read as -d's; the run names are relabelled for it.
    if (o.stored.store && (o.directory || o.fromJson))
        throw UsageError("--store reads the runs from the store: it cannot go with -d or --from-json");
    if (o.stored.store && o.jsonExport)
        throw UsageError("--json-export writes into the tree (-d); with --store there is none");
    std::optional<store::StoreView> stored = openStoreRuns(o.stored, o.names, storedRowsOf(o));
    if (stored) {
        if (!stored->rows) o.directory = stored->logDir.string();
        o.names = stored->names;
        if (o.verbose)
            err << programName() << ": store " << escapeControls(*o.stored.store) << ": "
                << (stored->rows     ? "the runs' stored rows read, no tree written\n"
                    : stored->memory ? "the runs' stored files read in memory, no tree written\n"
                                     : "the runs written back as a tree and read\n");
    }
    // The stored tree held in memory is what the input layer reads below.
    std::optional<SnapshotInForce> memoryTree;
    if (stored && stored->memory) memoryTree.emplace(*stored->memory);
    if (o.format != "text" && o.format != "html" && o.format != "")
        throw UsageError("--format " + o.format + ": use text or html");

    // Every read of the tree below (runs, validity) stays inside it.
    const TreeBoundary confined(o.fromJson || !o.directory
                                    ? std::vector<fs::path>{}
                                    : treeBoundary(*o.directory, mmtestsDirOrEnv(o.mmtestsDir), o.followOutsideLinks));
    // The stored rows' validity is taken before the rows move into the runs.
    const bool fromRows = stored && stored->rows;
    Warnings invalid = fromRows ? invalidStoredRuns(o, *stored->rows) : Warnings{};
    std::vector<RunSummary> runs = loadRuns(o, stored, err);
    if (runs.empty()) throw std::runtime_error("no run could be loaded");
    if (!fromRows && !o.fromJson) invalid = invalidTreeRuns(o);
    for (const std::string& w : invalid) warn(err, w);
    CompareOptions co;
    co.printRatio = o.printRatio;
    // compare-mmtests.pl hides the comparison for monitors only when it
    // reads a tree: with --from-json, --print-monitor just skips the ratio summary.
    co.showCompare = !o.noCompare && !(o.monitor && !o.fromJson);
    co.printSignificance = o.printSignificance;
    co.subHeading = o.subHeading;
    ComparisonReport report = buildComparison(runs, co);
    out << renderReport(report, o.format == "html" ? OutputFormat::Html : OutputFormat::Text);
    out.flush();
    if (o.explain) err << explainRowKinds(runs.front(), o.printRatio && !o.monitor, o.printSignificance);
    if (o.jsonExport && o.benchmark && o.directory)
        exportJson(fs::path(*o.directory) / (*o.benchmark + ".json.zst"), extractModuleName(*o.benchmark, o.monitor),
                   runs, report);
    return 0;
}

}  // namespace mmtp::compare
