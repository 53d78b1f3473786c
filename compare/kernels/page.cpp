#include "kernels/page.hpp"

#include "kernels/machine_limits.hpp"
#include "kernels/vmstat.hpp"

#include "core/diagnostics.hpp"
#include "benchmarks/plot_settings.hpp"
#include "benchmarks/shellpack_config.hpp"
#include "kernels/zero_rows.hpp"
#include "render/html_escape.hpp"
#include "render/render.hpp"
#include "render/svg_chart.hpp"
#include "render/svg_sample_strips.hpp"
#include "render/svg_timeseries.hpp"
#include "render/verdict_html.hpp"
#include "render/verdict_text.hpp"
#include "tables/verdict.hpp"

#include <nlohmann/json.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <ostream>

using nlohmann::json;

namespace mmtp::compare {

namespace {

std::string textTable(const std::optional<ComparisonReport>& t) {
    return t ? renderReport(*t, OutputFormat::Text) : std::string();
}

const char* kStyle =
    "body{font-family:sans-serif;margin:1.5em}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}"
    "table.resultsTable{border-collapse:collapse;font-family:monospace;font-size:12px;white-space:pre}"
    "table.resultsTable td,table.resultsTable th{padding:0 2px}pre{font-size:12px}"
    "table.state{border-collapse:collapse;font-size:12px}table.state td,table.state th{border:1px solid #ccc;padding:2px 6px}"
    "svg{display:block;margin:0.5em 0}div.charts{overflow-x:auto}p.verdict-title{font-weight:bold}"
    "table.verdict{border-collapse:collapse;font-size:12px}table.verdict td,table.verdict th{border:1px solid #ccc;"
    "padding:2px 6px;text-align:right}table.verdict td:first-child{text-align:left}"
    "tr.regression{background:#ffd7a8;font-weight:bold}tr.improvement{background:#d7f5d0;font-weight:bold}"
    "tr.inconclusive{background:#fff3cf}"
    "table.validity{border-collapse:collapse;font-size:12px}table.validity td,table.validity th{border:1px solid #ccc;"
    "padding:2px 6px}table.validity tr.invalid{background:#f8d0d0}"
    "details.monitor-iteration>summary{cursor:pointer;font-weight:bold;margin:0.4em 0}";

std::string validityHtml(const KernelsOptions& o, const std::vector<RunValidity>& validity) {
    if (!anyInvalid(validity)) return "";
    std::string out = std::string("<h3>Run validity</h3>\n<p>Invalid runs are ") +
                      (o.includeInvalid ? "kept in verdicts (--include-invalid)" : "left out of verdicts") +
                      "; their columns below are as MMTests prints them.</p>\n"
                      "<table class=\"validity\"><tr><th>run</th><th>state</th><th>why</th></tr>\n";
    for (const RunValidity& v : validity)
        out += std::string(v.valid() ? "<tr>" : "<tr class=\"invalid\">") + "<td>" + escapeHtml(v.run) + "</td><td>" +
               (v.valid() ? "valid" : escapeHtml(problemName(v.problem))) + "</td><td>" + escapeHtml(v.reason) +
               "</td></tr>\n";
    return out + "</table>\n";
}

std::string htmlMachineState(const std::vector<RunMachineState>& states) {
    std::vector<StateDifference> diffs = differingEntries(states);
    std::string out = "<h2 id=\"mitigations\">Mitigation state</h2>\n";
    if (diffs.empty()) return out + "<pre>" + escapeHtml(renderMachineStateText(states)) + "</pre>\n";
    out += "<table class=\"state\"><tr><th>entry</th>";
    for (const RunMachineState& s : states) out += "<th>" + escapeHtml(s.run) + "</th>";
    out += "</tr>\n";
    for (const StateDifference& d : diffs) {
        out += "<tr><td>" + escapeHtml(d.key) + "</td>";
        for (const std::string& v : d.values) out += "<td>" + escapeHtml(v) + "</td>";
        out += "</tr>\n";
    }
    return out + "</table>\n";
}

// As the shellpack.yaml's PlotType asks, absolute values in its units: the
// benchmark's own report, then each alternative report compare-kernels.sh
// prints for it (fiolike's kIOPS and CPU), from the runs already loaded.
std::string benchmarkGraphs(const BenchmarkResults& b) {
    auto charts = [](const std::string& title, const std::string& yamlName, const std::vector<RunSummary>& runs) {
        std::optional<std::string> yaml = embeddedShellpackYaml(yamlName);
        PlotSettings plot = yaml ? loadPlotSettings(*yaml) : PlotSettings{};
        std::map<std::string, std::string> units = yaml ? metricUnits(*yaml) : std::map<std::string, std::string>{};
        return benchmarkChartsSvg(title, runs, runs.front().summaryOps(std::nullopt), units, plot);
    };
    std::string out = charts(b.name, b.name, b.runs);
    for (const BenchmarkResults::AltReport& a : b.altReports)
        out += charts(b.name + " -a " + a.alt, b.name + ":" + a.alt, a.runs);
    return out;
}

std::string monitorNote(const std::string& text) { return "<p class=\"monitor-note\">" + escapeHtml(text) + "</p>\n"; }

// The monitor charts loaded with the benchmark (kernels/charts/monitor_charts.hpp),
// one block per iteration; the first is open, the others one click away.
std::string monitorGraphs(const BenchmarkResults& b) {
    std::string out;
    for (const std::string& note : b.monitors.notes) out += monitorNote(note);
    for (const MonitorIteration& it : b.monitors.iterations) {
        std::string charts;
        for (const TimeChart& c : it.charts) {
            if (c.series.empty()) {
                std::string text = c.title;
                for (std::size_t i = 0; i < c.notes.size(); ++i) text += (i == 0 ? ": " : "; ") + c.notes[i];
                charts += monitorNote(text);
            } else {
                charts += timeChartSvg(c);
            }
        }
        out += std::string("<details class=\"monitor-iteration\"") +
               (&it == &b.monitors.iterations.front() ? " open" : "") + "><summary>" + escapeHtml(it.iteration) +
               "</summary>\n<div class=\"charts\">\n" + charts + "</div></details>\n";
    }
    return out.empty() ? "" : "<h3>Monitors</h3>\n" + out;
}

// The other tables compare-kernels.sh prints for the benchmark (redis-zpopmin's
// -a latency, fiolike's -a iops and -a cpu, redis' lat95, the monitors'),
// as the text report has them, but a monitor's rows that are zero in every
// run counted in one line; the duration table has its own heading.
std::string otherTables(const BenchmarkResults& b) {
    const std::string monitor = "--print-monitor ";
    std::string out;
    for (const ReportPart& p : b.parts) {
        if (!p.table || p.what == "table" || p.what == monitor + "duration") continue;
        out += "<h3>" + escapeHtml(b.name + " " + p.what) + "</h3>\n";
        if (p.what.rfind(monitor, 0) != 0) {
            out += renderReport(*p.table, OutputFormat::Html);
            continue;
        }
        WithoutZeroRows kept = withoutZeroRows(*p.table);
        if (!kept.table.body.rows.empty()) out += renderReport(kept.table, OutputFormat::Html);
        if (kept.zeroRows > 0)
            out += "<p class=\"zero-rows\">" + escapeHtml(zeroRowsLine(kept.zeroRows, p.what.substr(monitor.size()))) +
                   "</p>\n";
    }
    return out;
}

// Every sample of the first operations, iteration by iteration (outliers show).
std::string sampleStrips(const BenchmarkResults& b) {
    std::optional<std::string> yaml = embeddedShellpackYaml(b.name);
    std::map<std::string, std::string> units = yaml ? metricUnits(*yaml) : std::map<std::string, std::string>{};
    std::string svgs = sampleStripChartsSvg(b.name, b.runs, b.runs.front().summaryOps(std::nullopt), units);
    return svgs.empty() ? "" : "<h3>Samples per iteration</h3>\n<div class=\"charts\">\n" + svgs + "</div>\n";
}

// Our mitigation costs of the benchmark (the text report's section), naming
// the statistic and each run that measured nothing.
std::string costsHtml(const BenchmarkResults& b) {
    if (!b.costs) return "";
    auto cell = [](int decimals, double x) {
        if (std::isnan(x)) return std::string("-");
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
        return std::string(buf);
    };
    std::string out = "<h3>Mitigation costs (vmstat)</h3>\n<p>Each figure is the " + escapeHtml(kCostsStatistic) +
                      "; sy is the % of CPU time in the kernel, cs and in are per second.</p>\n"
                      "<table class=\"validity\"><tr><th>run</th><th>sys%</th><th>ctxsw/s</th><th>intr/s</th>"
                      "<th>samples</th><th>note</th></tr>\n";
    for (const RunCosts& c : *b.costs) {
        bool flagged = !c.notMeasured.empty() || !c.invalid.empty();
        out += std::string(flagged ? "<tr class=\"invalid\">" : "<tr>") + "<td>" + escapeHtml(c.run) + "</td><td>" +
               cell(2, c.sysPct) + "</td><td>" + cell(0, c.contextSwitches) + "</td><td>" + cell(0, c.interrupts) +
               "</td><td>" + (c.samples ? std::to_string(c.samples) : "-") + "</td><td>" +
               escapeHtml(!c.notMeasured.empty() ? "not measured: " + c.notMeasured
                          : !c.invalid.empty()   ? "INVALID (kept, --include-invalid): " + c.invalid
                                                 : "") +
               "</td></tr>\n";
    }
    return out + "</table>\n";
}

std::string htmlBenchmark(const KernelsOptions& o, const BenchmarkResults& b) {
    std::string out = "<h2 id=\"" + escapeHtml(b.name) + "\">" + escapeHtml(b.name) + "</h2>\n";
    out += validityHtml(o, b.validity);
    if (!b.error.empty()) out += "<p>not compared: " + escapeHtml(b.error) + "</p>\n";
    if (!b.compare) {
        if (b.duration) out += "<h3>Duration</h3>\n<p>MMTests' duration monitor: each Duration row is one iteration's seconds, the best (lowest), "
                   "not the mean of the iterations.</p>\n" + renderReport(*b.duration, OutputFormat::Html);
        return out + costsHtml(b) + monitorGraphs(b);
    }
    out += "<h3>MMTests comparison</h3>\n" + renderReport(*b.compare, OutputFormat::Html);
    out += otherTables(b);
    out += "<h3>Graphs</h3>\n<div class=\"charts\">\n" + benchmarkGraphs(b) + "</div>\n";
    out += sampleStrips(b);
    if (b.duration) out += "<h3>Duration</h3>\n<p>MMTests' duration monitor: each Duration row is one iteration's seconds, the best (lowest), "
                   "not the mean of the iterations.</p>\n" + renderReport(*b.duration, OutputFormat::Html);
    return out + costsHtml(b) + monitorGraphs(b);
}

// Every verdict of every benchmark (the engine's calls, bisect places, the
// two-baseline, RFC and LKP tables, and why one could not be made), first
// on the page: the tables below are the evidence.
std::string answerHtml(const KernelsData& d) {
    std::string out;
    for (const BenchmarkResults& b : d.benchmarks) {
        for (const RunVerdict& v : b.verdicts) out += renderVerdictHtml(b.name, v);
        std::string text = b.settingsNote.empty() ? "" : b.settingsNote + "\n";
        for (const BenchmarkResults::Candidate& c : b.bisect)
            text += renderBisect(b.name, c.name, c.runs, c.positions, c.confidence) + "\n";
        for (const std::string& n : b.verdictNotes) text += n + "\n";
        if (b.baselines) out += renderTwoBaselinesHtml(b.name, *b.baselines);
        out += renderRfcHtml(b.name, b.rfc);
        if (!text.empty()) out += "<pre>" + escapeHtml(text) + "</pre>\n";
    }
    if (!d.lkpAcross.empty()) out += "<h3>" + std::string(kLkpAcrossTitle) + "</h3>\n" + renderLkpHtml(d.lkpAcross);
    return out;
}

// Lines as a list under a heading; "" without lines.
std::string listHtml(const std::string& heading, const std::vector<std::string>& lines) {
    if (lines.empty()) return "";
    std::string out = heading + "\n<ul>\n";
    for (const std::string& l : lines) out += "<li>" + escapeHtml(l) + "</li>\n";
    return out + "</ul>\n";
}

// Mean, stddev, CoV and sample count of every operation of every run.
json sampleSummaries(const BenchmarkResults& b) {
    json j = json::object();
    if (b.runs.empty()) return j;
    std::vector<std::string> ops = b.runs.front().summaryOps(std::nullopt);
    for (const RunSummary& run : b.runs)
        for (const std::string& op : ops) {
            SampleStats st = sampleStats(run, op);
            j[run.testName][op] = {{"mean", st.mean}, {"stddev", st.stddev}, {"cov_pct", st.cov}, {"samples", st.n}};
        }
    return j;
}

json validityJson(const std::vector<RunValidity>& validity) {
    json j = json::array();
    for (const RunValidity& v : validity)
        j.push_back({{"run", v.run}, {"valid", v.valid()}, {"problem", problemName(v.problem)}, {"reason", v.reason},
                     {"iterations", v.iterations}});
    return j;
}

// NaN (an untestable row) as null.
json number(double x) { return std::isnan(x) ? json(nullptr) : json(x); }

json intervalJson(const ChangeEstimate& e) {
    return {{"change_pct", e.changePct}, {"low_pct", number(e.lowPct)}, {"high_pct", number(e.highPct)},
            {"se_pct", number(e.sePct)}, {"df", e.df}, {"base_units", e.baseN}, {"new_units", e.nowN},
            {"base_mean", number(e.baseMean)}, {"new_mean", number(e.nowMean)}, {"borrowed_variance", e.pooled}};
}

json callJson(const MetricCall& r) {
    const char* why[] = {"", "no interval", "drift not cleared", "interval too wide", "own spread"};
    const char* gap[] = {"", "one unit each", "constant", "zero base", "bad value"};
    return {{"metric", r.op},
            {"unit", r.unit},
            {"better", r.higherIsBetter ? "higher" : "lower"},
            {"change", intervalJson(r.change)},
            {"interval_confidence", r.confidence},
            {"drift_pct", r.driftPct ? json(*r.driftPct) : json(nullptr)},
            {"threshold_pct", r.thresholdPct},
            {"call", callName(r.call)},
            {"why", why[static_cast<int>(r.why)]},
            {"no_interval", gap[static_cast<int>(r.change.gap)]},
            {"detectable_pct", number(r.detectablePct)},
            {"units_needed", r.unitsNeeded ? json(*r.unitsNeeded) : json(nullptr)}};
}

// Metrics outside the family: each its own 95 % interval, no call.
json contextJson(const std::vector<ContextRow>& context) {
    json rows = json::array();
    for (const ContextRow& r : context)
        rows.push_back({{"metric", r.op},
                        {"unit", r.unit},
                        {"better", r.higherIsBetter ? "higher" : "lower"},
                        {"change", intervalJson(r.change)}});
    return rows;
}

json verdictsJson(const std::vector<RunVerdict>& verdicts) {
    json j = json::array();
    for (const RunVerdict& v : verdicts) {
        json rows = json::array();
        for (const MetricCall& r : v.family.rows) rows.push_back(callJson(r));
        bool aba = v.design == RunVerdict::Design::Aba;
        const char* design = aba ? "aba" : v.design == RunVerdict::Design::Interleaved ? "interleaved" : "against-first";
        j.push_back({{"design", design},
                     {"base", v.base},
                     {"new", v.now},
                     {"a2", aba ? json(v.a2) : json(nullptr)},
                     {"base_runs", v.baseGroup},
                     {"new_runs", v.nowGroup},
                     {"units", describeUnits(v.units)},
                     {"note", v.note},
                     {"alpha", v.family.alpha},
                     {"interval_confidence", v.family.confidence},
                     {"no_change_confidence", v.family.equivalenceConfidence},
                     {"tested", v.family.tested},
                     {"statistic", statisticLine(v)},
                     {"regressions", v.family.count(Call::Regression)},
                     {"improvements", v.family.count(Call::Improvement)},
                     {"no_change", v.family.count(Call::NoChange)},
                     {"small", v.family.count(Call::Small)},
                     {"inconclusive", v.family.count(Call::Inconclusive)},
                     {"rows", rows},
                     {"context", contextJson(v.context)}});
    }
    return j;
}

json bisectJson(const std::vector<BenchmarkResults::Candidate>& candidates) {
    json j = json::array();
    for (const BenchmarkResults::Candidate& c : candidates) {
        json rows = json::array();
        for (const BisectPosition& p : c.positions)
            rows.push_back({{"metric", p.op},
                            {"effect_pct", number(p.effectPct)},
                            {"position", number(p.position)},
                            {"low", number(p.low)},
                            {"high", number(p.high)},
                            {"side", bisectSideName(p.side)},
                            {"anchor_moved", p.anchorMoved},
                            {"units_needed", p.unitsNeeded ? json(*p.unitsNeeded) : json(nullptr)}});
        j.push_back({{"candidate", c.name}, {"runs", c.runs}, {"confidence", c.confidence}, {"rows", rows}});
    }
    return j;
}

json statsJson(const SampleStats& s) {
    return {{"mean", s.mean}, {"stddev", s.stddev}, {"cov_pct", s.cov}, {"samples", s.n}};
}

json baselinesJson(const std::optional<TwoBaselinesTable>& t) {
    if (!t) return nullptr;
    json blocks = json::array();
    for (const TwoBaselinesBlock& b : t->blocks) {
        json rows = json::array();
        for (const TwoBaselinesRow& r : b.rows)
            rows.push_back({{"run", r.run}, {"stats", statsJson(r.stats)}, {"pct_vs_baseline1", r.pctBase1},
                            {"pct_vs_baseline2", r.pctBase2}, {"cpu_pct", r.cpuPct ? json(*r.cpuPct) : json(nullptr)},
                            {"vs_baseline1", intervalJson(r.vsBase1)}});
        blocks.push_back({{"metric", b.op}, {"rows", rows}});
    }
    return {{"runs", t->runs}, {"blocks", blocks}};
}

json lkpJson(const std::vector<LkpTable>& tables) {
    json j = json::array();
    for (const LkpTable& t : tables) {
        json rows = json::array();
        for (const LkpRow& r : t.rows)
            rows.push_back({{"metric", r.op}, {"base", statsJson(r.base)}, {"new", statsJson(r.now)},
                            {"change_pct", r.changePct}, {"call", callJson(r.call)}});
        j.push_back({{"base_run", t.baseRun}, {"new_run", t.newRun}, {"rows", rows}});
    }
    return j;
}

json rfcJson(const std::vector<RfcRow>& rows) {
    json j = json::array();
    for (const RfcRow& r : rows)
        j.push_back({{"run", r.run}, {"mode", r.mode}, {"iters", statsJson(r.iters)},
                     {"us_per_iter", statsJson(r.usPerIter)}, {"iter_per_sec", r.iterPerSec},
                     {"times_baseline", r.timesBaseline}});
    return j;
}

// Run names, logs and error messages are bytes from the tree: invalid UTF-8
// (a run directory "\xe9", a 0xB5 in cmdline.txt) is replaced by U+FFFD in
// the JSON, with one warning, instead of failing the report.
std::string dumpReplacingBadUtf8(const json& j, std::ostream& err) {
    try {
        return j.dump(2) + "\n";
    } catch (const json::type_error&) {
        warn(err, "invalid UTF-8 in the report's text; replaced by U+FFFD in the JSON");
        return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
    }
}

}  // namespace

std::string renderKernelsHtml(const KernelsOptions& o, const KernelsData& d,
                              std::ostream& /*err: nothing to warn of*/) {
    std::string title = escapeHtml(o.title.empty() ? "MMTests comparison: " + d.runs.front() : o.title);
    std::string out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + title + "</title><style>" +
                      kStyle + "</style></head><body>\n<h1>" + title + "</h1>\n";
    if (std::string where = measuredOnLine(d); !where.empty()) out += "<p>" + escapeHtml(where) + "</p>\n";
    out += listHtml("<h2 id=\"limits\">Machine limits (read before the verdict)</h2>", d.limits);
    std::string answer = answerHtml(d);
    if (!answer.empty()) out += "<h2 id=\"verdict\">The answer first</h2>\n<h3>Verdict</h3>\n" + answer;
    if (!d.warningSummary.empty())
        out += listHtml("<h3>Warnings</h3>\n<p>" + escapeHtml(d.warningSummary.front()) + "</p>",
                        std::vector<std::string>(d.warningSummary.begin() + 1, d.warningSummary.end()));
    out += htmlMachineState(d.states);
    for (const BenchmarkResults& b : d.benchmarks) out += htmlBenchmark(o, b);
    return out + "</body></html>\n";
}

std::string renderKernelsJson(const KernelsOptions& o, const KernelsData& d, std::ostream& err) {
    json j;
    j["title"] = o.title;
    j["runs"] = d.runs;
    json diffs = json::array();
    for (const StateDifference& s : differingEntries(d.states)) diffs.push_back({{"entry", s.key}, {"values", s.values}});
    j["machine_state_differences"] = diffs;
    json benches = json::array();
    for (const BenchmarkResults& b : d.benchmarks) {
        json e = {{"benchmark", b.name}, {"compare", textTable(b.compare)}, {"duration", textTable(b.duration)},
                  {"verdicts", verdictsJson(b.verdicts)}, {"bisect", bisectJson(b.bisect)}, {"verdict_notes", b.verdictNotes},
                  {"baselines", baselinesJson(b.baselines)}, {"lkp", lkpJson(b.lkp)}, {"rfc", rfcJson(b.rfc)}, {"validity", validityJson(b.validity)},
                  {"samples", sampleSummaries(b)}};
        if (!b.error.empty()) e["error"] = b.error;
        if (!b.settingsNote.empty()) e["settings_note"] = b.settingsNote;
        json sections = json::array();  // compare-kernels.sh's tables for it, in order
        for (const ReportPart& p : b.parts)
            if (p.isTable) sections.push_back({{"call", p.what}, {"table", textTable(p.table)}, {"error", p.error}});
        e["sections"] = sections;
        if (b.costs) {
            json costs = json::array();
            for (const RunCosts& c : *b.costs)
                costs.push_back({{"run", c.run}, {"sys_pct", number(c.sysPct)},
                                 {"context_switches_per_s", number(c.contextSwitches)},
                                 {"interrupts_per_s", number(c.interrupts)}, {"samples", c.samples},
                                 {"statistic", kCostsStatistic}, {"not_measured", c.notMeasured},
                                 {"invalid", c.invalid}});
            e["mitigation_costs"] = costs;
        }
        benches.push_back(e);
    }
    j["benchmarks"] = benches;
    j["lkp"] = lkpJson(d.lkpAcross);
    j["machine_limits"] = d.limits;
    return dumpReplacingBadUtf8(j, err);
}

}  // namespace mmtp::compare
