#include "report/kernels_report.hpp"

#include "tables/comparison.hpp"
#include "report/load_runs.hpp"
#include "input/machine_state.hpp"
#include "render/render.hpp"
#include "input/run_discovery.hpp"
#include "render/svg_chart.hpp"
#include "tables/verdict.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <stdexcept>

using nlohmann::json;
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

struct BenchmarkSection {
    std::string name;
    std::string compareText, compareHtml, durationText, durationHtml, verdictText, svg;
    json summaries = json::object();
    std::string error;
};

std::string tableFor(const LoadRequest& req, const CompareOptions& co, OutputFormat fmt, std::ostream& err,
                     std::vector<RunSummary>* keep = nullptr) {
    std::vector<RunSummary> runs = loadRunsFromTree(req, err);
    if (runs.empty()) throw std::runtime_error("no run could be loaded");
    std::string out = renderReport(buildComparison(runs, co), fmt);
    if (keep) *keep = std::move(runs);
    return out;
}

BenchmarkSection benchmarkSection(const KernelsOptions& o, const std::string& bench,
                                  const std::vector<std::string>& names, std::ostream& err) {
    BenchmarkSection s;
    s.name = bench;
    LoadRequest req;
    req.directory = o.logDir;
    req.benchmark = bench;
    req.names = names;
    req.mmtestsDir = o.mmtestsDir;
    CompareOptions co;
    co.printSignificance = o.autoDetect;
    try {
        std::vector<RunSummary> runs;
        s.compareText = tableFor(req, co, OutputFormat::Text, err, &runs);
        if (o.html) s.compareHtml = tableFor(req, co, OutputFormat::Html, err);
        LoadRequest dur = req;
        dur.monitor = "duration";
        CompareOptions dco;
        dco.showCompare = false;
        try {
            s.durationText = tableFor(dur, dco, OutputFormat::Text, err);
            if (o.html) s.durationHtml = tableFor(dur, dco, OutputFormat::Html, err);
        } catch (const std::exception&) {
            // no tests-timestamp "time ::" line: MMTests prints nothing either
        }
        std::vector<std::string> ops = runs.front().summaryOps(std::nullopt);
        for (const RunSummary& run : runs)
            for (const std::string& op : ops) {
                SampleStats st = sampleStats(run, op);
                s.summaries[run.testName][op] = {{"mean", st.mean}, {"stddev", st.stddev}, {"cov_pct", st.cov}, {"samples", st.n}};
            }
        for (Verdict v : o.verdicts) {
            if (v == Verdict::Aba) {
                if (runs.size() < 3) {
                    s.verdictText += "A/B/A verdict for " + bench + ": needs three runs (A, B, A again)\n";
                    continue;
                }
                for (std::size_t b = 1; b + 1 < runs.size(); ++b)
                    s.verdictText += renderAba(bench, runs.front().testName, runs[b].testName, runs.back().testName,
                                               abaVerdict(runs.front(), runs[b], runs.back(), ops)) + "\n";
            } else if (v == Verdict::TwoBaselines) {
                s.verdictText += runs.size() < 2 ? "Two-baseline table for " + bench + ": needs two runs\n"
                                                 : renderTwoBaselines(bench, runs, ops) + "\n";
            } else {
                s.verdictText += renderLkp(bench, runs, ops);
            }
        }
        if (o.html) {
            const auto& ratioOps = runs.front().extraction.ratioOperations();
            s.svg = candlestickSvg(bench, runs, ratioOps ? *ratioOps : ops);
        }
    } catch (const std::exception& e) {
        s.error = e.what();
        err << "compare-kernels: " << bench << ": " << e.what() << "\n";
    }
    return s;
}

const char* kStyle =
    "body{font-family:sans-serif;margin:1.5em}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}"
    "table.resultsTable{border-collapse:collapse;font-family:monospace;font-size:12px;white-space:pre}"
    "table.resultsTable td,table.resultsTable th{padding:0 2px}pre{font-size:12px}"
    "table.state{border-collapse:collapse;font-size:12px}table.state td,table.state th{border:1px solid #ccc;padding:2px 6px}"
    "svg{display:block;margin:0.5em 0}";

std::string htmlMachineState(const std::vector<RunMachineState>& states) {
    std::vector<StateDifference> diffs = differingEntries(states);
    std::string out = "<h2 id=\"mitigations\">Mitigation state</h2>\n";
    if (diffs.empty()) return out + "<pre>" + escapeXml(renderMachineStateText(states)) + "</pre>\n";
    out += "<table class=\"state\"><tr><th>entry</th>";
    for (const RunMachineState& s : states) out += "<th>" + escapeXml(s.run) + "</th>";
    out += "</tr>\n";
    for (const StateDifference& d : diffs) {
        out += "<tr><td>" + escapeXml(d.key) + "</td>";
        for (const std::string& v : d.values) out += "<td>" + escapeXml(v) + "</td>";
        out += "</tr>\n";
    }
    return out + "</table>\n";
}

}  // namespace

std::vector<std::string> selectRuns(const KernelsOptions& o) {
    std::vector<DiscoveredRun> found = discoverRuns(o.logDir);
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
    std::vector<std::string> names = selectRuns(o);
    std::vector<RunMachineState> states;
    for (const std::string& n : names) states.push_back(readMachineState(o.logDir, n));
    std::vector<BenchmarkSection> sections;
    for (const std::string& bench : benchmarksOfRun(o.logDir / names.front()))
        sections.push_back(benchmarkSection(o, bench, names, err));

    KernelsReport report;
    json j;
    j["title"] = o.title;
    j["runs"] = names;
    json diffs = json::array();
    for (const StateDifference& d : differingEntries(states)) diffs.push_back({{"entry", d.key}, {"values", d.values}});
    j["machine_state_differences"] = diffs;
    json benches = json::array();
    for (const BenchmarkSection& s : sections) {
        json b = {{"benchmark", s.name}, {"compare", s.compareText}, {"duration", s.durationText},
                  {"verdict", s.verdictText}, {"samples", s.summaries}};
        if (!s.error.empty()) b["error"] = s.error;
        benches.push_back(b);
        if (!s.error.empty()) ++report.failedBenchmarks;
    }
    j["benchmarks"] = benches;
    report.json = j.dump(2) + "\n";

    std::ostringstream out;
    if (!o.html) {
        if (!o.title.empty()) out << o.title << "\n";
        out << renderMachineStateText(states);
        for (const BenchmarkSection& s : sections) {
            out << "\n" << s.name << "\n";
            if (!s.error.empty()) {
                out << "(not compared: " << s.error << ")\n";
                continue;
            }
            out << s.compareText << "\n";
            if (!s.durationText.empty()) out << s.durationText << "\n";
            if (!s.verdictText.empty()) out << s.verdictText;
        }
    } else {
        std::string title = o.title.empty() ? "MMTests comparison: " + names.front() : o.title;
        out << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" << escapeXml(title)
            << "</title><style>" << kStyle << "</style></head><body>\n<h1>" << escapeXml(title) << "</h1>\n";
        out << htmlMachineState(states);
        for (const BenchmarkSection& s : sections) {
            out << "<h2 id=\"" << escapeXml(s.name) << "\">" << escapeXml(s.name) << "</h2>\n";
            if (!s.error.empty()) {
                out << "<p>not compared: " << escapeXml(s.error) << "</p>\n";
                continue;
            }
            out << s.compareHtml << s.svg;
            if (!s.durationHtml.empty()) out << "<h3>Duration</h3>\n" << s.durationHtml;
            if (!s.verdictText.empty()) out << "<h3>Verdict</h3>\n<pre>" << escapeXml(s.verdictText) << "</pre>\n";
        }
        out << "</body></html>\n";
    }
    report.text = out.str();
    return report;
}

}  // namespace mmtp::compare
