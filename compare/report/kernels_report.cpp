#include "report/kernels_report.hpp"

#include "input/run_discovery.hpp"
#include "render/verdict_text.hpp"
#include "report/kernels_page.hpp"
#include "report/load_runs.hpp"
#include "tables/verdict.hpp"

#include <algorithm>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// compare-kernels.sh --sort-version: by major number, then by minor.
std::vector<std::string> sortByVersion(std::vector<std::string> runs) {
    auto key = [](const std::string& r) {
        long major = std::atol(r.c_str());
        std::size_t dot = r.find('.');
        long minor = dot == std::string::npos ? 0 : std::atol(r.c_str() + dot + 1);
        return std::make_pair(major, minor);
    };
    std::stable_sort(runs.begin(), runs.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
    return runs;
}

// Lines of `more` that `said` does not already hold, to err.
void passOnNewLines(const std::string& said, const std::string& more, std::ostream& err) {
    std::istringstream in(more);
    for (std::string line; std::getline(in, line);)
        if (said.find(line + "\n") == std::string::npos) err << line << "\n";
}

// The duration monitor's table; nullopt when no iteration recorded a
// "time ::" line for the benchmark (MMTests prints nothing either). It reads
// the run directories the benchmark's load just read, so only warnings that
// load did not print are passed on.
std::optional<ComparisonReport> durationTable(LoadRequest req, const std::string& said, std::ostream& err) {
    req.monitor = "duration";
    CompareOptions co;
    co.showCompare = false;
    std::ostringstream warnings;
    try {
        std::vector<RunSummary> runs = loadRunsFromTree(req, warnings);
        passOnNewLines(said, warnings.str(), err);
        if (runs.empty()) return std::nullopt;
        return buildComparison(runs, co);
    } catch (const std::exception&) {
        passOnNewLines(said, warnings.str(), err);
        return std::nullopt;
    }
}

std::string verdictText(const std::vector<Verdict>& verdicts, const std::string& bench,
                        const std::vector<RunSummary>& runs) {
    std::vector<std::string> ops = runs.front().summaryOps(std::nullopt);
    std::string text;
    for (Verdict v : verdicts) {
        if (v == Verdict::Aba) {
            if (runs.size() < 3) {
                text += "A/B/A verdict for " + bench + ": needs three runs (A, B, A again)\n";
                continue;
            }
            for (std::size_t b = 1; b + 1 < runs.size(); ++b)
                text += renderAba(bench, runs.front().testName, runs[b].testName, runs.back().testName,
                                  abaVerdict(runs.front(), runs[b], runs.back(), ops)) + "\n";
        } else if (v == Verdict::TwoBaselines) {
            text += runs.size() < 2 ? "Two-baseline table for " + bench + ": needs two runs\n"
                                    : renderTwoBaselines(bench, twoBaselines(runs, ops)) + "\n";
        } else {
            text += renderLkp(bench, lkpTables(runs, ops));
        }
    }
    return text;
}

// Loads the benchmark's runs once (warnings printed once) and computes
// everything the report shows of it; a failure is kept as its error.
BenchmarkResults loadBenchmark(const KernelsOptions& o, const std::string& bench,
                               const std::vector<std::string>& names, std::ostream& err) {
    BenchmarkResults b;
    b.name = bench;
    LoadRequest req;
    req.directory = o.logDir;
    req.benchmark = bench;
    req.names = names;
    req.mmtestsDir = o.mmtestsDir;
    CompareOptions co;
    co.printSignificance = o.autoDetect;
    std::ostringstream said;
    try {
        try {
            b.runs = loadRunsFromTree(req, said);
        } catch (const std::exception&) {
            err << said.str();
            throw;
        }
        err << said.str();
        if (b.runs.empty()) throw std::runtime_error("no run could be loaded");
        b.compare = buildComparison(b.runs, co);
        b.duration = durationTable(req, said.str(), err);
        b.verdictText = verdictText(o.verdicts, bench, b.runs);
    } catch (const std::exception& e) {
        b.runs.clear();
        b.error = e.what();
        err << "compare-kernels: " << bench << ": " << e.what() << "\n";
    }
    return b;
}

// Each once: a refused tests-activity is met by run discovery and again when
// the baseline's benchmarks are listed.
void printWarnings(const Warnings& warnings, std::ostream& err) {
    std::set<std::string> said;
    for (const std::string& w : warnings)
        if (said.insert(w).second) err << "compare-kernels: warning: " << w << "\n";
}

}  // namespace

std::vector<std::string> selectRuns(const KernelsOptions& o, Warnings& warnings) {
    std::vector<DiscoveredRun> found = discoverRuns(o.logDir, warnings);
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
    if (o.sortVersion) names = sortByVersion(names);
    if (names.empty()) throw std::runtime_error("no runs left to compare after --exclude");
    return names;
}

KernelsReport buildKernelsReport(const KernelsOptions& o, std::ostream& err) {
    KernelsData data;
    Warnings warnings;
    try {
        data.runs = selectRuns(o, warnings);
    } catch (const std::exception&) {
        printWarnings(warnings, err);  // they may say why no run was found
        throw;
    }
    for (const std::string& n : data.runs) {
        data.states.push_back(readMachineState(o.logDir, n));
        warnings.insert(warnings.end(), data.states.back().warnings.begin(), data.states.back().warnings.end());
    }
    std::vector<std::string> ran = benchmarksOfRun(o.logDir / data.runs.front(), warnings);
    printWarnings(warnings, err);
    for (const std::string& bench : ran) data.benchmarks.push_back(loadBenchmark(o, bench, data.runs, err));

    KernelsReport report;
    report.page = o.html ? renderKernelsHtml(o, data) : renderKernelsText(o, data);
    report.json = renderKernelsJson(o, data, err);
    for (const BenchmarkResults& b : data.benchmarks)
        if (!b.error.empty()) ++report.failedBenchmarks;
    return report;
}

}  // namespace mmtp::compare
