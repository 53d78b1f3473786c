#include "render/svg_category_chart.hpp"

#include "render/html_escape.hpp"
#include "render/svg_text.hpp"

#include <algorithm>

namespace mmtp::compare {

using svg::num;

namespace {

constexpr double kTickFont = 10, kLabelFont = 11, kTitleFont = 13, kCatFont = 10;
constexpr double kPlotH = 240, kCandleW = 9, kRotate = 0.7072;  // sin/cos of the labels' 45 degrees
constexpr double kMaxCatLabel = 170;                            // wider category labels wrap

struct Range {
    double lo = INFINITY, hi = -INFINITY;
    void add(double v) {
        if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
};

// mean - stddev, cut at 0 for a quantity that cannot be negative (a latency
// whose spread exceeds its mean would draw a box down to -200k us).
double boxLow(const CategoryChart& c, const CategoryValue& v) {
    const double low = v.mean - v.stddev;
    return c.nonNegative && low < 0 ? 0 : low;
}

Range valueRange(const CategoryChart& c) {
    Range r;
    for (const auto& cat : c.values)
        for (const CategoryValue& v : cat) {
            if (std::isnan(v.mean)) continue;
            r.add(v.mean);
            if (c.style == CategoryStyle::Candlesticks)
                r.add(c.nonNegative ? std::max(0.0, v.min) : v.min), r.add(v.max);
            if (c.style != CategoryStyle::Lines) r.add(boxLow(c, v)), r.add(v.mean + v.stddev);
        }
    if (!(r.hi >= r.lo)) r = {0, 1};
    if (r.hi == r.lo) {
        double d = r.lo == 0 ? 1 : std::abs(r.lo) * 0.05;
        r = {c.nonNegative ? std::max(0.0, r.lo - d) : r.lo - d, r.hi + d};
    }
    return r;
}

bool hasValue(const CategoryChart& c, std::size_t run) {
    return std::any_of(c.values.begin(), c.values.end(),
                       [run](const auto& cat) { return run < cat.size() && !std::isnan(cat[run].mean); });
}

std::string line(double x1, double y1, double x2, double y2, const std::string& attrs) {
    return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" " + attrs +
           "/>";
}

// A category label: lines rotated 45 degrees, ending at (x, y).
std::string categoryLabel(const std::vector<std::string>& lines, double x, double y) {
    std::string s;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        double off = static_cast<double>(i) * kCatFont * 1.2 * kRotate;
        s += svg::text(0, 0, lines[i], kCatFont, "end",
                       "transform=\"translate(" + num(x + off) + "," + num(y + off) + ") rotate(-45)\"") + "\n";
    }
    return s;
}

std::string mark(const CategoryChart& c, std::size_t cat, std::size_t run, double x, const CategoryValue& v, auto y) {
    const std::string col = svg::colour(run);
    std::string s = "<g><title>" + escapeHtml(c.categories[cat] + ": " + c.runs[run]) + "</title>";
    if (c.style == CategoryStyle::Candlesticks) {
        s += line(x, y(v.max), x, y(c.nonNegative ? std::max(0.0, v.min) : v.min), "stroke=\"" + col + "\"");
        double top = y(v.mean + v.stddev), h = std::max(1.0, y(boxLow(c, v)) - top);
        s += "<rect x=\"" + num(x - kCandleW / 2) + "\" y=\"" + num(top) + "\" width=\"" + num(kCandleW) +
             "\" height=\"" + num(h) + "\" fill=\"" + col + "\" fill-opacity=\"0.5\" stroke=\"" + col + "\"/>";
        s += line(x - kCandleW / 2, y(v.mean), x + kCandleW / 2, y(v.mean), "stroke=\"#000\"");
    } else {
        if (c.style == CategoryStyle::ErrorLines && v.stddev > 0) {
            s += line(x, y(v.mean + v.stddev), x, y(boxLow(c, v)), "stroke=\"" + col + "\"");
            for (double e : {v.mean + v.stddev, boxLow(c, v)})
                s += line(x - 3, y(e), x + 3, y(e), "stroke=\"" + col + "\"");
        }
        s += "<circle cx=\"" + num(x) + "\" cy=\"" + num(y(v.mean)) + "\" r=\"2.5\" fill=\"" + col + "\"/>";
    }
    return s + "</g>\n";
}

}  // namespace

std::string categoryChartSvg(const CategoryChart& c) {
    const std::size_t nRuns = std::max<std::size_t>(1, c.runs.size());
    const double minSlot = c.style == CategoryStyle::Candlesticks
                               ? std::max(28.0, static_cast<double>(nRuns) * (kCandleW + 3) + 12)
                               : std::max(28.0, static_cast<double>(nRuns) * 5 + 14);
    // A few categories share the minimum plot width instead of huddling left.
    const double plotW = std::max(360.0, static_cast<double>(c.categories.size()) * minSlot);
    const double slotW = plotW / static_cast<double>(std::max<std::size_t>(1, c.categories.size()));
    const double runStep = c.style == CategoryStyle::Candlesticks ? kCandleW + 3 : 5;

    // y axis: ticks, their widest label, the axis title's lines.
    Range r = valueRange(c);
    std::vector<double> ticks = svg::niceTicks(r.lo, r.hi);
    if (c.nonNegative) std::erase_if(ticks, [](double t) { return t < 0; });
    if (ticks.empty()) ticks.push_back(0);
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    r.lo = std::min(r.lo, ticks.front()), r.hi = std::max(r.hi, ticks.back());
    double tickW = 0;
    for (double t : ticks) tickW = std::max(tickW, svg::textWidth(svg::tickLabel(t, step), kTickFont));
    std::vector<std::string> yTitle = c.yLabel.empty() ? std::vector<std::string>{}
                                                       : svg::wrapText(c.yLabel, kLabelFont, kPlotH);
    const double axisW = static_cast<double>(yTitle.size()) * kLabelFont * 1.3 + tickW + 14;

    // x axis: category labels hang down-left from their slot's centre.
    std::vector<std::vector<std::string>> catLines;
    double overhangLeft = 0, labelDepth = 0;
    for (std::size_t i = 0; i < c.categories.size(); ++i) {
        catLines.push_back(svg::wrapText(c.categories[i], kCatFont, kMaxCatLabel));
        double w = 0;
        for (const std::string& l : catLines.back()) w = std::max(w, svg::textWidth(l, kCatFont));
        double extra = static_cast<double>(catLines.back().size() - 1) * kCatFont * 1.2 * kRotate;
        double reach = (w + kCatFont) * kRotate;  // the text plus its ascent, at 45 degrees
        overhangLeft = std::max(overhangLeft, reach - (static_cast<double>(i) + 0.5) * slotW);
        labelDepth = std::max(labelDepth, reach + extra + kCatFont);
    }
    const double left = 8 + std::max(axisW, overhangLeft + 4);
    const double width = std::max(480.0, left + plotW + 24);

    std::string body;
    double cursor = 0;
    body += svg::wrappedText(10, 4 + kTitleFont, c.title, kTitleFont, width - 20, cursor, "font-weight=\"bold\"");
    double legendH = 0;
    std::vector<svg::LegendEntry> entries;
    for (std::size_t i = 0; i < c.runs.size(); ++i)
        if (hasValue(c, i)) entries.push_back({c.runs[i], i, 0});
    body += svg::legend(entries, 10, cursor + 6, width - 20, legendH);
    const double top = cursor + 6 + legendH + 12, bottom = top + kPlotH;
    auto y = [&](double v) { return top + (r.hi - v) / (r.hi - r.lo) * kPlotH; };

    for (double t : ticks) {
        body += line(left, y(t), left + plotW, y(t), "stroke=\"#e4e4e4\"");
        body += svg::text(left - 6, y(t) + 3.5, svg::tickLabel(t, step), kTickFont, "end", "class=\"y-tick\"") + "\n";
    }
    body += line(left, top, left, bottom, "stroke=\"#444\"") + line(left, bottom, left + plotW, bottom, "stroke=\"#444\"");
    for (std::size_t i = 0; i < yTitle.size(); ++i) {
        double x = 6 + kLabelFont + static_cast<double>(i) * kLabelFont * 1.3;
        body += svg::text(0, 0, yTitle[i], kLabelFont, "middle",
                          "transform=\"translate(" + num(x) + "," + num(top + kPlotH / 2) + ") rotate(-90)\"") + "\n";
    }

    for (std::size_t cat = 0; cat < c.categories.size(); ++cat) {
        const double centre = left + (static_cast<double>(cat) + 0.5) * slotW;
        const double first = centre - (static_cast<double>(nRuns) - 1) * runStep / 2;
        for (std::size_t run = 0; run < c.values[cat].size() && run < c.runs.size(); ++run)
            if (!std::isnan(c.values[cat][run].mean))
                body += mark(c, cat, run, first + static_cast<double>(run) * runStep, c.values[cat][run], y);
        body += line(centre, bottom, centre, bottom + 4, "stroke=\"#444\"");
        body += categoryLabel(catLines[cat], centre, bottom + 8);
    }
    // Lines join each run's means across the categories.
    if (c.style != CategoryStyle::Candlesticks)
        for (std::size_t run = 0; run < c.runs.size(); ++run) {
            std::string pts;
            for (std::size_t cat = 0; cat < c.categories.size(); ++cat) {
                if (run >= c.values[cat].size() || std::isnan(c.values[cat][run].mean)) continue;
                double x = left + (static_cast<double>(cat) + 0.5) * slotW - (static_cast<double>(nRuns) - 1) * runStep / 2 +
                           static_cast<double>(run) * runStep;
                pts += num(x) + "," + num(y(c.values[cat][run].mean)) + " ";
            }
            body += "<polyline fill=\"none\" stroke=\"" + std::string(svg::colour(run)) + "\" points=\"" + pts + "\"/>\n";
        }

    cursor = bottom + 8 + labelDepth;
    std::vector<std::string> under;  // the x axis title, the notes, the empty categories
    if (!c.xLabel.empty()) under.push_back("x: " + c.xLabel);
    under.insert(under.end(), c.notes.begin(), c.notes.end());
    std::string empty;
    for (std::size_t cat = 0; cat < c.categories.size(); ++cat)
        if (std::all_of(c.values[cat].begin(), c.values[cat].end(), [](const CategoryValue& v) { return std::isnan(v.mean); }))
            empty += (empty.empty() ? "" : ", ") + c.categories[cat];
    if (!empty.empty()) under.push_back("no run has samples of: " + empty);
    std::string absent;
    for (std::size_t i = 0; i < c.runs.size(); ++i)
        if (!hasValue(c, i)) absent += (absent.empty() ? "" : ", ") + c.runs[i];
    if (!absent.empty()) under.push_back("no samples here (not in the legend): " + absent);
    std::size_t cut = 0;
    for (const auto& cat : c.values)
        for (const CategoryValue& v : cat)
            if (c.style != CategoryStyle::Lines && !std::isnan(v.mean) && v.mean - v.stddev < boxLow(c, v)) ++cut;
    if (cut > 0)
        under.push_back(std::to_string(cut) + (cut == 1 ? " mark" : " marks") +
                        " cut at 0 where mean - stddev is "
                        "below 0: the quantity cannot be negative");
    for (const std::string& text : under) {
        double end = 0;
        body += svg::wrappedText(10, cursor + 14, text, kLabelFont, width - 20, end);
        cursor = end;
    }
    const double height = cursor + 8;
    return svg::openSvg(width, height, "benchmark-chart") + body + "</svg>\n";
}

}  // namespace mmtp::compare
