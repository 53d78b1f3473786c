// results-store: every run of every kernel on every machine in one store
// (docs/results-store.md). import TREE, list, history.
#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "core/buffer_reuse.hpp"
#include "core/diagnostics.hpp"
#include "base/atomic_file.hpp"
#include "benchmarks/shellpack_config.hpp"
#include "parsers/benchmark_source.hpp"
#include "history/history_html.hpp"
#include "history/history_text.hpp"
#include "store/schema.hpp"
#include "store/tree_export.hpp"
#include "store/tree_import.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace po = boost::program_options;
namespace store = mmtp::compare::store;
using mmtp::UsageError;

namespace {

// The benchmark's direction (its shellpack's preferhigher); false when unknown.
bool benchmarkPrefersHigher(const std::string& benchmark, const std::optional<std::string>& mmtestsDir) {
    try {
        std::optional<std::filesystem::path> dir;
        if (mmtestsDir) dir = *mmtestsDir;
        return mmtp::compare::findBenchmark(benchmark, "", std::nullopt, dir).settings.preferHigher;
    } catch (const std::runtime_error&) {
        return false;
    }
}

constexpr const char* kUsage =
    "usage: results-store import TREE --store DB --machine NAME [--replace] [--mmtests-dir DIR]\n"
    "       results-store list --store DB [--machine NAME]\n"
    "       results-store history --store DB -b BENCH --metric OP|REGEX [--machine M[,M2...]]\n"
    "                             [--sort-version] [--bisect] [--html FILE]\n"
    "Reports from the store: compare-mmtests|compare-kernels --store DB --machine M ...\n"
    "(docs/results-store.md)\n\n"
    "Exit status: 0 done; 1 nothing stored or printed (unreadable tree or store, no operation matches\n"
    "--metric), import refused a run (stored with other content, or past a bound; the others are stored),\n"
    "or with --bisect the newest run is a regression; 2 bad command line; 125 with --bisect, the newest\n"
    "run cannot be called or any error; 128 with --bisect, a bad command line (git bisect run stops).\n";

constexpr int kExitBisectSkip = 125;         // git bisect run: this commit cannot be tested
constexpr int kExitBisectCommandLine = 128;  // git bisect run: abort the bisection

po::variables_map parse(const std::vector<std::string>& args, const po::options_description& desc,
                        const po::positional_options_description& pos) {
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(args).options(desc).positional(pos).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    return vm;
}

std::string need(const po::variables_map& vm, const char* name, const char* what) {
    if (!vm.count(name)) throw UsageError(std::string("no ") + what + " given (--" + name + ")");
    return vm[name].as<std::string>();
}

std::vector<std::string> splitCommas(const std::string& s) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= s.size()) {
        std::size_t end = s.find(',', start);
        if (end == std::string::npos) end = s.size();
        if (end > start) out.push_back(s.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

void printWarnings(const mmtp::compare::Warnings& warnings) {
    constexpr std::size_t kMaxWarnings = 20;
    for (std::size_t i = 0; i < warnings.size() && i < kMaxWarnings; ++i)
        std::cerr << "results-store: warning: " << mmtp::escapeControls(warnings[i]) << "\n";
    if (warnings.size() > kMaxWarnings)
        std::cerr << "results-store: warning: ... and " << warnings.size() - kMaxWarnings << " more\n";
}

int import(const std::vector<std::string>& args) {
    po::options_description d("import options");
    d.add_options()("tree", po::value<std::string>(), "the work/log directory")
        ("store", po::value<std::string>(), "the store (an SQLite file, created when missing)")
        ("machine", po::value<std::string>(), "the machine the runs ran on")
        ("replace", po::bool_switch(), "replace a run stored under its name with other content (a rerun), instead of refusing it")
        ("mmtests-dir", po::value<std::string>(), "MMTests checkout for benchmarks not parsed natively (default: $MMTESTS_DIR)");
    po::positional_options_description pos;
    pos.add("tree", 1);
    po::variables_map vm = parse(args, d, pos);
    store::ImportRequest r;
    r.tree = need(vm, "tree", "tree");
    r.machine = need(vm, "machine", "machine name");
    if (std::string why = store::machineNameProblem(r.machine); !why.empty())
        throw UsageError("--machine '" + mmtp::escapeControls(r.machine) + "': " + why);
    r.replace = vm["replace"].as<bool>();
    if (vm.count("mmtests-dir")) r.mmtestsDir = vm["mmtests-dir"].as<std::string>();
    else if (const char* env = std::getenv("MMTESTS_DIR"); env && *env) r.mmtestsDir = env;
    store::OpenStore s(need(vm, "store", "store"), store::Access::CreateIfMissing);
    store::ImportSummary sum = store::importTree(s.db, r);
    printWarnings(sum.warnings);
    std::cout << "imported " << sum.runsAdded << " runs (" << sum.files << " files, " << sum.rows << " rows) for machine "
              << mmtp::escapeControls(r.machine) << "; " << sum.runsUnchanged << " already stored unchanged";
    if (sum.runsReplaced) std::cout << "; " << sum.runsReplaced << " replaced (--replace)";
    if (sum.runsUnfinished) std::cout << "; " << sum.runsUnfinished << " not finished, left for a later import";
    if (sum.runsRefused) std::cout << "; " << sum.runsRefused << " refused (see the warnings)";
    std::cout << "\n";
    return sum.runsRefused ? 1 : 0;
}

int list(const std::vector<std::string>& args) {
    po::options_description d("list options");
    d.add_options()("store", po::value<std::string>(), "the store")("machine", po::value<std::string>(), "only this machine");
    po::variables_map vm = parse(args, d, {});
    store::OpenStore s(need(vm, "store", "store"), store::Access::ExistingOnly);
    for (const store::StoredRun& r : store::storedRuns(s.db, vm.count("machine") ? vm["machine"].as<std::string>() : ""))
        std::cout << mmtp::escapeControls(r.machine) << "\t" << mmtp::escapeControls(r.name) << "\t" << r.startEpoch << "\n";
    return 0;
}

int history(const std::vector<std::string>& args) {
    po::options_description d("history options");
    d.add_options()("store", po::value<std::string>(), "the store")
        ("benchmark,b", po::value<std::string>(), "the benchmark")
        ("metric", po::value<std::string>(), "an operation (ZPOPMIN-RPS-1), else a regex of operations")
        ("machine", po::value<std::string>(), "machine(s), comma-separated (default: all)")
        ("sort-version", po::bool_switch(), "order runs by version in their names instead of start time")
        ("bisect", po::bool_switch(), "exit 0/1/125: is the newest run a regression against the last stable segment")
        ("html", po::value<std::string>(), "also write an HTML page with an SVG chart per series to FILE")
        ("higher-is-better", po::bool_switch(), "the metric's direction, when the benchmark's shellpack does not say")
        ("mmtests-dir", po::value<std::string>(), "MMTests checkout for benchmarks not parsed natively");
    po::variables_map vm = parse(args, d, {});
    store::HistoryRequest r;
    r.benchmark = need(vm, "benchmark", "benchmark");
    r.metric = need(vm, "metric", "metric");
    if (vm.count("machine")) r.machines = splitCommas(vm["machine"].as<std::string>());
    r.sortVersion = vm["sort-version"].as<bool>();
    store::OpenStore s(need(vm, "store", "store"), store::Access::ExistingOnly);
    mmtp::compare::Warnings warnings;
    std::vector<store::Series> series;
    {
        // One snapshot; PostgreSQL then reads the series rows through a cursor, a batch at a time.
        const store::ReadTransaction reading(s.db);
        series = store::loadHistory(s.db, r, warnings);
    }
    printWarnings(warnings);
    if (series.empty())
        throw mmtp::Error("no stored run of " + r.benchmark + " has an operation matching '" + r.metric + "'");
    std::optional<std::string> mmtestsDir;
    if (vm.count("mmtests-dir")) mmtestsDir = vm["mmtests-dir"].as<std::string>();
    bool higher = vm["higher-is-better"].as<bool>() || benchmarkPrefersHigher(r.benchmark, mmtestsDir);
    const bool bisect = vm["bisect"].as<bool>();
    if (vm.count("html")) {
        std::optional<std::string> yaml = mmtp::compare::embeddedShellpackYaml(r.benchmark);
        std::map<std::string, std::string> units;
        if (yaml) units = mmtp::compare::metricUnits(*yaml);
        mmtp::writeFileAtomically(vm["html"].as<std::string>(), store::historyHtml(r, series, higher, bisect, units));
    }
    return store::printHistory(std::cout, r, series, higher, bisect);
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    mmtp::TerminalSafeOutput safe;
    mmtp::compare::keepFreedBuffersForReuse();
    mmtp::compare::setProgramName("results-store");
    return mmtp::runReportingErrors("results-store", [&] {
        std::vector<std::string> args(argv + std::min(argc, 2), argv + argc);
        const std::string cmd = argc > 1 ? argv[1] : "";
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            std::cout << kUsage;
            return 0;
        }
        // Under --bisect (git bisect run) an error is "cannot test this
        // commit", 125, never "bad"; a wrong command line aborts the bisection.
        const bool bisect = cmd == "history" && std::find(args.begin(), args.end(), "--bisect") != args.end();
        try {
            if (cmd == "import") return import(args);
            if (cmd == "list") return list(args);
            if (cmd == "history") return history(args);
        } catch (const UsageError& e) {
            if (bisect) throw mmtp::Error(e.what(), kExitBisectCommandLine);
            throw;
        } catch (const std::runtime_error& e) {
            const int code = dynamic_cast<const mmtp::Error*>(&e) ? dynamic_cast<const mmtp::Error&>(e).code() : 1;
            throw mmtp::Error(e.what(), bisect ? kExitBisectSkip : code);
        } catch (const std::exception& e) {  // out of memory and the like
            throw mmtp::Error(mmtp::describeUnexpected(e), bisect ? kExitBisectSkip : 1);
        }
        throw UsageError((cmd.empty() ? std::string("no command given") : "unknown command '" + mmtp::escapeControls(cmd) + "'") +
                         " (import, list or history; --help)");
    });
}
