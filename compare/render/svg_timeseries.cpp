#include "render/svg_timeseries.hpp"

#include "render/html_escape.hpp"
#include "render/svg_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mmtp::compare {

using svg::num;

namespace {

constexpr double kTickFont = 10, kLabelFont = 11, kTitleFont = 13, kPlotW = 760, kPlotH = 220;

struct Range {
    double lo = INFINITY, hi = -INFINITY;
};

// A line's tooltip: what it draws before any downsampling, so its values
// can be read (and checked against the log) without guessing from pixels.
std::string seriesSummary(const std::string& label, const std::vector<std::pair<double, double>>& pts) {
    double sum = 0, lo = INFINITY, hi = -INFINITY;
    for (const auto& p : pts) sum += p.second, lo = std::min(lo, p.second), hi = std::max(hi, p.second);
    char figures[160];
    std::snprintf(figures, sizeof figures, ": %zu samples, mean %.6g, min %.6g, max %.6g", pts.size(),
                  sum / static_cast<double>(pts.size()), lo, hi);
    return escapeHtml(label) + figures;
}

std::string line(double x1, double y1, double x2, double y2, const char* stroke) {
    return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) +
           "\" stroke=\"" + stroke + "\"/>";
}

// Ticks over r, widened to hold them; a flat range is opened up first (a
// flat 0 of a count or percentage upwards only: never -1..1).
std::vector<double> ticksFor(Range& r, bool fromZero = false) {
    if (!(r.hi >= r.lo)) r = {0, 1};
    if (r.hi == r.lo) {
        double d = r.lo == 0 ? 1 : std::abs(r.lo) * 0.05;
        r = {fromZero && r.lo == 0 ? 0 : r.lo - d, r.hi + d};
    }
    std::vector<double> t = svg::niceTicks(r.lo, r.hi);
    r.lo = std::min(r.lo, t.front()), r.hi = std::max(r.hi, t.back());
    return t;
}

// Iterations i..j (x in [i, j+1)): the axis from i to j+1, ticks at the
// whole iteration numbers only.
std::vector<double> iterationTicks(Range& r) {
    r = {std::floor(r.lo), std::floor(r.hi) + 1};
    std::vector<double> t = svg::wholeTicks(r.lo, r.hi - 1);
    return t.empty() ? std::vector<double>{r.lo} : t;
}

}  // namespace

std::vector<std::pair<double, double>> downsample(const std::vector<std::pair<double, double>>& points,
                                                  std::size_t maxPoints) {
    if (maxPoints == 0 || points.size() <= maxPoints) return points;
    std::vector<std::pair<double, double>> out;
    for (std::size_t b = 0; b < maxPoints; ++b) {
        std::size_t from = b * points.size() / maxPoints, to = (b + 1) * points.size() / maxPoints;
        double t = 0, v = 0;
        for (std::size_t i = from; i < to; ++i) t += points[i].first, v += points[i].second;
        const double n = static_cast<double>(to - from);
        out.emplace_back(t / n, v / n);
    }
    return out;
}

std::string timeChartSvg(const TimeChart& c, std::size_t maxPoints) {
    Range xr, yr;
    std::vector<std::vector<std::pair<double, double>>> drawn;
    std::vector<std::string> summaries;
    std::size_t thinned = 0, most = 0;
    for (const TimeSeries& s : c.series) {
        std::vector<std::pair<double, double>> pts;
        for (const auto& p : s.points)
            if (std::isfinite(p.first) && std::isfinite(p.second)) pts.push_back(p);
        most = std::max(most, pts.size());
        summaries.push_back(pts.empty() ? "" : seriesSummary(s.label, pts));
        if (pts.size() > maxPoints) ++thinned;
        pts = downsample(pts, maxPoints);
        for (const auto& [t, v] : pts)
            xr = {std::min(xr.lo, t), std::max(xr.hi, t)}, yr = {std::min(yr.lo, v), std::max(yr.hi, v)};
        drawn.push_back(std::move(pts));
    }
    if (!(xr.hi >= xr.lo)) return "";
    if (c.fromZero) yr.lo = std::min(yr.lo, 0.0);
    std::vector<double> xt = c.iterationAxis ? iterationTicks(xr) : ticksFor(xr), yt = ticksFor(yr, c.fromZero);
    const double xStep = xt.size() > 1 ? xt[1] - xt[0] : 1, yStep = yt.size() > 1 ? yt[1] - yt[0] : 1;
    double tickW = 0;
    for (double t : yt) tickW = std::max(tickW, svg::textWidth(svg::tickLabel(t, yStep), kTickFont));
    std::vector<std::string> yTitle = svg::wrapText(c.yLabel.empty() ? "value" : c.yLabel, kLabelFont, kPlotH);
    const double left = 8 + static_cast<double>(yTitle.size()) * kLabelFont * 1.3 + tickW + 14;
    const double lastTickHalf = svg::textWidth(svg::tickLabel(xt.back(), xStep), kTickFont) / 2;
    const double width = left + kPlotW + std::max(24.0, lastTickHalf + 8);

    std::string body;
    double cursor = 0, legendH = 0;
    body += svg::wrappedText(10, 4 + kTitleFont, c.title, kTitleFont, width - 20, cursor, "font-weight=\"bold\"");
    std::vector<svg::LegendEntry> entries;
    for (std::size_t i = 0; i < c.series.size(); ++i)
        if (!drawn[i].empty()) entries.push_back({c.series[i].label, c.series[i].colour, c.series[i].dash});
    body += svg::legend(entries, 10, cursor + 6, width - 20, legendH);
    const double top = cursor + 6 + legendH + 12, bottom = top + kPlotH;
    auto x = [&](double t) { return left + (t - xr.lo) / (xr.hi - xr.lo) * kPlotW; };
    auto y = [&](double v) { return top + (yr.hi - v) / (yr.hi - yr.lo) * kPlotH; };

    for (double t : yt) {
        body += line(left, y(t), left + kPlotW, y(t), "#e4e4e4");
        body += svg::text(left - 6, y(t) + 3.5, svg::tickLabel(t, yStep), kTickFont, "end", "class=\"y-tick\"") + "\n";
    }
    for (double t : xt) {
        body += line(x(t), bottom, x(t), bottom + 4, "#444");
        body += svg::text(x(t), bottom + 15, svg::tickLabel(t, xStep), kTickFont, "middle", "class=\"x-tick\"") + "\n";
    }
    body += line(left, top, left, bottom, "#444") + line(left, bottom, left + kPlotW, bottom, "#444");
    for (std::size_t i = 0; i < yTitle.size(); ++i)
        body += svg::text(0, 0, yTitle[i], kLabelFont, "middle",
                          "transform=\"translate(" + num(6 + kLabelFont + static_cast<double>(i) * kLabelFont * 1.3) +
                              "," + num(top + kPlotH / 2) + ") rotate(-90)\"") + "\n";
    for (std::size_t i = 0; i < drawn.size(); ++i) {
        std::string pts;
        for (const auto& [t, v] : drawn[i]) pts += num(x(t)) + "," + num(y(v)) + " ";
        const char* d = svg::dash(c.series[i].dash);
        body += "<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"" + std::string(svg::colour(c.series[i].colour)) +
                "\"" + (*d ? std::string(" stroke-dasharray=\"") + d + "\"" : "") + " points=\"" + pts + "\">" +
                (summaries[i].empty() ? "" : "<title>" + summaries[i] + "</title>") + "</polyline>\n";
    }

    std::vector<std::string> under{"x: " + c.xLabel};
    under.insert(under.end(), c.notes.begin(), c.notes.end());
    if (thinned > 0)
        under.push_back(std::to_string(thinned) + " series downsampled to " + std::to_string(maxPoints) +
                        " points (means of equal buckets; the longest had " + std::to_string(most) + ")");
    cursor = bottom + 18;
    for (const std::string& text : under) {
        double end = 0;
        body += svg::wrappedText(10, cursor + 14, text, kLabelFont, width - 20, end);
        cursor = end;
    }
    return svg::openSvg(width, cursor + 8, c.svgClass) + body + "</svg>\n";
}

}  // namespace mmtp::compare
