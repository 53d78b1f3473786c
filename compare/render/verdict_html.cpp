#include "render/verdict_html.hpp"

#include "base/text_format.hpp"
#include "render/html_escape.hpp"

#include <cmath>

namespace mmtp::compare {

namespace {

using mmtp::formatText;

std::string cell(const std::string& text) { return "<td>" + escapeHtml(text) + "</td>"; }
std::string pText(double p) { return std::isnan(p) ? "-" : formatText("%.4f", p); }

}  // namespace

std::string renderAbaHtml(const std::string& bench, const std::string& a1, const std::string& b, const std::string& a2,
                          const AbaTable& table, const std::string& note) {
    std::string out = "<p class=\"verdict-title\">A/B/A verdict for " + escapeHtml(bench) + ": " + escapeHtml(b) +
                      " against the mean of " + escapeHtml(a1) + " and " + escapeHtml(a2) + "</p>\n";
    if (!note.empty()) out += "<p>" + escapeHtml(note) + "</p>\n";
    out += "<table class=\"verdict\"><tr><th>metric</th><th>unit</th><th>" + escapeHtml(a1) + "</th><th>" + escapeHtml(b) +
           "</th><th>" + escapeHtml(a2) +
           "</th><th>change</th><th>drift</th><th>CoV A1</th><th>CoV B</th><th>CoV A2</th><th>exceeds</th>"
           "<th>p</th><th>Holm p</th><th>better</th><th>reads as</th></tr>\n";
    for (const AbaRow& r : table.rows) {
        out += r.significant ? "<tr class=\"significant\">" : r.exceeds ? "<tr class=\"exceeds\">" : "<tr>";
        out += cell(r.op) + cell(r.unit.empty() ? "-" : r.unit) + cell(formatText("%.2f", r.a1.mean)) +
               cell(formatText("%.2f", r.b.mean)) + cell(formatText("%.2f", r.a2.mean)) + cell(formatText("%+.2f%%", r.changePct)) +
               cell(formatText("%.2f%%", r.driftPct)) + cell(formatText("%.2f%%", r.a1.cov)) +
               cell(formatText("%.2f%%", r.b.cov)) + cell(formatText("%.2f%%", r.a2.cov)) +
               cell(r.exceeds ? "yes" : "no") + cell(pText(r.pValue)) + cell(pText(r.holmP)) +
               cell(r.higherIsBetter ? "higher" : "lower") +
               cell(std::string(changeWord(r)) + (r.significant ? " (significant)" : "")) + "</tr>\n";
    }
    out += "</table>\n";
    out += formatText("<p class=\"verdict-note\">exceeds: |change| &gt; drift + the largest per-run CoV (the raw call "
                      "per row); p: Welch's two-sided t-test of B's samples against A1's and A2's together; Holm p: "
                      "p adjusted over the %zu tested rows. %zu rows tested, %zu exceed (raw), %zu significant after "
                      "Holm at alpha %.2f (highlighted).</p>\n",
                      table.tested, table.tested, table.exceeding, table.significant, kVerdictAlpha);
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
               "</th><th>&#177;stddev</th><th>metric</th></tr>\n";
        for (const LkpRow& r : t.rows)
            out += "<tr>" + cell(formatText("%.2f", r.base.mean)) + cell(formatText("%.1f%%", r.base.cov)) +
                   cell(formatText("%+.2f%%", r.changePct)) + cell(formatText("%.2f", r.now.mean)) +
                   cell(formatText("%.1f%%", r.now.cov)) + cell(r.op) + "</tr>\n";
        out += "</table>\n";
    }
    return out;
}

std::string renderRfcHtml(const std::string& bench, const std::vector<RfcRow>& rows) {
    if (rows.empty()) return "";
    std::string out = "<p class=\"verdict-title\">RFC ib_spec_bench table for " + escapeHtml(bench) +
                      "</p>\n<table class=\"verdict\"><tr><th>run</th><th>mode</th><th>iters</th><th>us/iter</th>"
                      "<th>iter/sec</th><th>samples</th></tr>\n";
    for (const RfcRow& r : rows)
        out += "<tr>" + cell(r.run) + cell(r.mode) + cell(formatText("%.0f", r.iters.mean)) +
               cell(formatText("%.2f", r.usPerIter.mean)) + cell(formatText("%.0f", r.iterPerSec)) +
               cell(std::to_string(r.usPerIter.n)) + "</tr>\n";
    return out + "</table>\n";
}

}  // namespace mmtp::compare
