#include "render/verdict_html.hpp"

#include "base/text_format.hpp"
#include "render/html_escape.hpp"
#include "render/verdict_text.hpp"

#include <cmath>

namespace mmtp::compare {

namespace {

using mmtp::formatText;

std::string cell(const std::string& text) { return "<td>" + escapeHtml(text) + "</td>"; }
std::string intervalText(const ChangeEstimate& e) {
    return e.hasInterval() ? formatText("[%+.2f%%, %+.2f%%]", e.lowPct, e.highPct) : std::string("-");
}

}  // namespace

std::string renderVerdictHtml(const std::string& bench, const RunVerdict& v) {
    bool aba = v.design != RunVerdict::Design::AgainstFirst;  // a repeated baseline: its drift
    std::string out = "<p class=\"verdict-title\">Verdict for " + escapeHtml(bench) + ": " + escapeHtml(rolesLine(v)) +
                      "</p>\n<p>" + escapeHtml(statisticLine(v)) + "</p>\n";
    if (!v.note.empty()) out += "<p>" + escapeHtml(v.note) + "</p>\n";
    out += std::string("<table class=\"verdict\"><tr><th>metric</th><th>unit</th><th>better</th><th>change</th>"
                       "<th>interval</th>") + (aba ? "<th>drift</th>" : "") + "<th>call</th><th>why</th></tr>\n";
    for (const MetricCall& r : v.family.rows) {
        std::string cls = r.call == Call::Regression ? "regression" : r.call == Call::Improvement ? "improvement"
                          : r.call == Call::NoChange || r.call == Call::Small ? "nochange" : "inconclusive";
        out += "<tr class=\"" + cls + "\">" + cell(r.op) + cell(r.unit.empty() ? "-" : r.unit) +
               cell(r.higherIsBetter ? "higher" : "lower") + cell(formatText("%+.2f%%", r.change.changePct)) +
               cell(intervalText(r.change)) +
               (aba ? cell(r.driftPct ? formatText("%.2f%%", *r.driftPct) : "-") : "") + cell(callName(r.call)) +
               cell(undecidedText(r, v.units.kind)) + "</tr>\n";
    }
    out += "</table>\n<p class=\"verdict-note\">" + escapeHtml(callCounts(v.family)) + "</p>\n";
    return out;
}

std::string renderTwoBaselinesHtml(const std::string& bench, const TwoBaselinesTable& t) {
    if (t.runs.size() < 2) return "";
    std::string out = "<p class=\"verdict-title\">Mean and stdev against two baselines for " + escapeHtml(bench) +
                      "</p>\n<table class=\"verdict\"><tr><th>metric</th><th>run</th><th>mean</th><th>stdev</th>"
                      "<th>% vs " + escapeHtml(t.runs[0]) + "</th><th>% vs " + escapeHtml(t.runs[1]) + "</th>" +
                      (t.hasCpu ? "<th>CPU util</th>" : "") + "</tr>\n";
    for (const TwoBaselinesBlock& b : t.blocks)
        for (const TwoBaselinesRow& r : b.rows)
            out += "<tr>" + cell(b.op) + cell(r.run) + cell(formatText("%.2f", r.stats.mean)) +
                   cell(formatText("%.2f", r.stats.stddev)) + cell(formatText("%.2f%%", r.pctBase1)) +
                   cell(formatText("%.2f%%", r.pctBase2)) +
                   (t.hasCpu ? cell(r.cpuPct ? formatText("%.2f%%", *r.cpuPct) : "-") : "") + "</tr>\n";
    return out + "</table>\n";
}

std::string renderLkpHtml(const std::vector<LkpTable>& tables) {
    std::string out;
    for (const LkpTable& t : tables) {
        out += "<p class=\"verdict-title\">" + escapeHtml(t.newRun) + " against " + escapeHtml(t.baseRun) +
               " (LKP)</p>\n<table class=\"verdict\"><tr><th>" + escapeHtml(t.baseRun) +
               "</th><th>&#177;stddev</th><th>%change</th><th>" + escapeHtml(t.newRun) +
               "</th><th>&#177;stddev</th><th>call</th><th>metric</th></tr>\n";
        for (const LkpRow& r : t.rows)
            out += "<tr>" + cell(formatText("%.2f", r.base.mean)) + cell(formatText("%.1f%%", r.base.cov)) +
                   cell(formatText("%+.2f%%", r.changePct)) + cell(formatText("%.2f", r.now.mean)) +
                   cell(formatText("%.1f%%", r.now.cov)) + cell(callName(r.call.call)) + cell(r.op) + "</tr>\n";
        out += "</table>\n";
    }
    return out;
}

std::string renderRfcHtml(const std::string& bench, const std::vector<RfcRow>& rows) {
    if (rows.empty()) return "";
    std::string out = "<p class=\"verdict-title\">RFC ib_spec_bench table for " + escapeHtml(bench) +
                      "</p>\n<table class=\"verdict\"><tr><th>run</th><th>mode</th><th>iters</th><th>us/iter</th>"
                      "<th>iter/sec</th><th>x baseline</th><th>samples</th></tr>\n";
    for (const RfcRow& r : rows)
        out += "<tr>" + cell(r.run) + cell(r.mode) + cell(formatText("%.0f", r.iters.mean)) +
               cell(formatText("%.2f", r.usPerIter.mean)) + cell(formatText("%.0f", r.iterPerSec)) +
               cell(formatText("%.2fx", r.timesBaseline)) +
               cell(std::to_string(r.usPerIter.n)) + "</tr>\n";
    return out + "</table>\n";
}

}  // namespace mmtp::compare
