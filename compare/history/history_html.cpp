#include "history/history_html.hpp"

#include "base/terminal_text.hpp"
#include "base/text_format.hpp"
#include "benchmarks/shellpack_config.hpp"
#include "render/html_escape.hpp"
#include "render/svg_text.hpp"
#include "history/history_text.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

namespace mmtp::compare::store {

namespace {

constexpr double kWidth = 960, kHeight = 380, kLeft = 90, kRight = 24, kTop = 46, kBottom = 64;
// Past this many points a chart draws only the runs' means (a browser
// stays responsive; the table still lists every run).
constexpr std::size_t kMaxPoints = 20000;

// Names are the store's bytes: control characters made visible, then cut
// (svg::text escapes them for SVG).
std::string shortened(const std::string& name, std::size_t n = 40) {
    std::string s = escapeControls(name);
    return s.size() <= n ? s : s.substr(0, n - 3) + "...";
}

double meanOf(const std::vector<double>& v) {
    return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

}  // namespace

std::string historyChartSvg(const HistoryRequest& r, const Series& s, const std::vector<ChangePoint>& changes,
                            const std::string& unit) {
    const std::size_t n = s.runs.size();
    if (n == 0) return "";
    double lo = INFINITY, hi = -INFINITY;
    std::size_t points = 0;
    for (const HistoryRun& run : s.runs)
        for (double m : run.means)
            if (std::isfinite(m)) lo = std::min(lo, m), hi = std::max(hi, m), ++points;
    if (!std::isfinite(lo)) return "";
    std::vector<double> ticks = svg::niceTicks(lo, hi);
    lo = std::min(lo, ticks.front());
    hi = std::max(hi, ticks.back());
    if (hi == lo) hi = lo + 1;
    const double plotW = kWidth - kLeft - kRight, plotH = kHeight - kTop - kBottom;
    auto x = [&](double i) { return kLeft + (i + 0.5) * plotW / static_cast<double>(n); };
    auto y = [&](double v) { return kTop + plotH - (v - lo) / (hi - lo) * plotH; };

    std::string out = svg::openSvg(kWidth, kHeight, "history-chart");
    out += svg::text(kLeft, 22, shortened(r.benchmark + " " + s.op + " on " + s.machine, 110), 15, "start",
                     "font-weight=\"bold\"");
    // The y axis: ticks, grid, the unit.
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    for (double t : ticks) {
        out += "<line x1=\"" + svg::num(kLeft) + "\" x2=\"" + svg::num(kLeft + plotW) + "\" y1=\"" + svg::num(y(t)) +
               "\" y2=\"" + svg::num(y(t)) + "\" stroke=\"#ddd\"/>";
        out += svg::text(kLeft - 6, y(t) + 4, svg::tickLabel(t, step), 11, "end");
    }
    const std::string yLabel = unit.empty() ? s.op : unit;
    out += svg::text(16, kTop + plotH / 2, shortened(yLabel, 30), 12, "middle",
                     "transform=\"rotate(-90 16 " + svg::num(kTop + plotH / 2) + ")\" class=\"y-label\"");
    out += "<rect x=\"" + svg::num(kLeft) + "\" y=\"" + svg::num(kTop) + "\" width=\"" + svg::num(plotW) +
           "\" height=\"" + svg::num(plotH) + "\" fill=\"none\" stroke=\"#888\"/>";
    // The x axis: the first and the last run, and how the runs are ordered.
    out += svg::text(kLeft, kTop + plotH + 16, shortened(s.runs.front().run), 11, "start");
    if (n > 1) out += svg::text(kLeft + plotW, kTop + plotH + 16, shortened(s.runs.back().run), 11, "end");
    out += svg::text(kLeft + plotW / 2, kHeight - 14,
                     std::to_string(n) + " runs in " + (r.sortVersion ? "version" : "start-time") +
                         " order; points: iteration means" + (points > kMaxPoints ? " (too many: runs' means only)" : ""),
                     12, "middle", "class=\"x-label\"");
    // Change points first, so the data is drawn over them.
    for (const ChangePoint& c : changes) {
        const double cx = x(static_cast<double>(c.firstRun) - 0.5);
        out += "<line class=\"change-point\" x1=\"" + svg::num(cx) + "\" x2=\"" + svg::num(cx) + "\" y1=\"" +
               svg::num(kTop) + "\" y2=\"" + svg::num(kTop + plotH) +
               "\" stroke=\"#c00\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>";
        std::string label = shortened(s.runs[c.firstRun].run, 24) + " " + formatText("%+.2f%%", c.call.change.changePct);
        const bool right = cx + svg::textWidth(label, 11) + 4 < kLeft + plotW;
        out += svg::text(right ? cx + 4 : cx - 4, kTop + 14, label, 11, right ? "start" : "end",
                         "fill=\"#c00\" class=\"change-label\"");
    }
    std::string line;
    for (std::size_t i = 0; i < n; ++i) {
        const HistoryRun& run = s.runs[i];
        line += svg::num(x(static_cast<double>(i))) + "," + svg::num(y(meanOf(run.means))) + " ";
        if (points > kMaxPoints) continue;
        for (double m : run.means)
            if (std::isfinite(m))
                out += "<circle class=\"iteration\" cx=\"" + svg::num(x(static_cast<double>(i))) + "\" cy=\"" +
                       svg::num(y(m)) + "\" r=\"2.5\" fill=\"" + svg::colour(0) + "\" fill-opacity=\"0.6\"/>";
    }
    out += "<polyline class=\"run-means\" fill=\"none\" stroke=\"" + std::string(svg::colour(1)) +
           "\" stroke-width=\"1.2\" points=\"" + line + "\"/>";
    return out + "</svg>\n";
}

std::string historyHtml(const HistoryRequest& r, const std::vector<Series>& series, bool higherIsBetter, bool bisect,
                        const std::map<std::string, std::string>& units) {
    std::string out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>History of " +
                      escapeHtml(escapeControls(r.benchmark)) +
                      "</title>\n<style>body{font-family:sans-serif;margin:1em 2em}pre{font-size:12px}</style>"
                      "</head><body>\n<h1>History of " + escapeHtml(r.benchmark) + " " + escapeHtml(r.metric) + "</h1>\n";
    for (const Series& s : series) {
        std::vector<ChangePoint> changes = findChangePoints(s.forDetection(), higherIsBetter);
        out += "<h2>" + escapeHtml(escapeControls(s.op)) + " on " + escapeHtml(escapeControls(s.machine)) + "</h2>\n";
        out += historyChartSvg(r, s, changes, svg::unitLabel(unitOfOperation(units, s.op)));
        std::ostringstream table;
        printHistory(table, r, {s}, higherIsBetter, bisect);
        out += "<pre>" + escapeHtml(table.str()) + "</pre>\n";
    }
    return out + "</body></html>\n";
}

}  // namespace mmtp::compare::store
