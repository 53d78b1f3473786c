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

// The x axis' slots, one per category, each with a mark per run.
struct Slots {
    std::size_t nRuns = 1;
    double plotW = 0, slotW = 0, runStep = 0;
};

Slots slotsOf(const CategoryChart& c) {
    Slots s;
    s.nRuns = std::max<std::size_t>(1, c.runs.size());
    const double minSlot = c.style == CategoryStyle::Candlesticks
                               ? std::max(28.0, static_cast<double>(s.nRuns) * (kCandleW + 3) + 12)
                               : std::max(28.0, static_cast<double>(s.nRuns) * 5 + 14);
    // A few categories share the minimum plot width instead of huddling left.
    s.plotW = std::max(360.0, static_cast<double>(c.categories.size()) * minSlot);
    s.slotW = s.plotW / static_cast<double>(std::max<std::size_t>(1, c.categories.size()));
    s.runStep = c.style == CategoryStyle::Candlesticks ? kCandleW + 3 : 5;
    return s;
}

// The y axis: its range, ticks, the axis title's lines and the width they take.
struct YAxis {
    Range r;
    std::vector<double> ticks;
    double step = 1;
    std::vector<std::string> title;
    double width = 0;
};

YAxis yAxisOf(const CategoryChart& c) {
    YAxis a;
    a.r = valueRange(c);
    a.ticks = svg::niceTicks(a.r.lo, a.r.hi);
    if (c.nonNegative) std::erase_if(a.ticks, [](double t) { return t < 0; });
    if (a.ticks.empty()) a.ticks.push_back(0);
    a.step = a.ticks.size() > 1 ? a.ticks[1] - a.ticks[0] : 1;
    a.r.lo = std::min(a.r.lo, a.ticks.front()), a.r.hi = std::max(a.r.hi, a.ticks.back());
    double tickW = 0;
    for (double t : a.ticks) tickW = std::max(tickW, svg::textWidth(svg::tickLabel(t, a.step), kTickFont));
    a.title = c.yLabel.empty() ? std::vector<std::string>{} : svg::wrapText(c.yLabel, kLabelFont, kPlotH);
    a.width = static_cast<double>(a.title.size()) * kLabelFont * 1.3 + tickW + 14;
    return a;
}

// The category labels, which hang down-left from their slot's centre: their
// lines, how far the first ones reach left of the plot, and how deep below it.
struct CategoryLabels {
    std::vector<std::vector<std::string>> lines;
    double overhangLeft = 0, depth = 0;
};

CategoryLabels categoryLabelsOf(const CategoryChart& c, double slotW) {
    CategoryLabels l;
    for (std::size_t i = 0; i < c.categories.size(); ++i) {
        l.lines.push_back(svg::wrapText(c.categories[i], kCatFont, kMaxCatLabel));
        double w = 0;
        for (const std::string& text : l.lines.back()) w = std::max(w, svg::textWidth(text, kCatFont));
        double extra = static_cast<double>(l.lines.back().size() - 1) * kCatFont * 1.2 * kRotate;
        double reach = (w + kCatFont) * kRotate;  // the text plus its ascent, at 45 degrees
        l.overhangLeft = std::max(l.overhangLeft, reach - (static_cast<double>(i) + 0.5) * slotW);
        l.depth = std::max(l.depth, reach + extra + kCatFont);
    }
    return l;
}

// A value's height on the plot, whose top is at top.
struct YScale {
    double top, lo, hi;
    double operator()(double v) const { return top + (hi - v) / (hi - lo) * kPlotH; }
};

// The title and the legend (the runs with a value) above the plot; top
// receives where the plot starts.
std::string titleAndLegend(const CategoryChart& c, double width, double& top) {
    double cursor = 0;
    std::string s =
        svg::wrappedText(10, 4 + kTitleFont, c.title, kTitleFont, width - 20, cursor, "font-weight=\"bold\"");
    double legendH = 0;
    std::vector<svg::LegendEntry> entries;
    for (std::size_t i = 0; i < c.runs.size(); ++i)
        if (hasValue(c, i)) entries.push_back({c.runs[i], i, 0});
    s += svg::legend(entries, 10, cursor + 6, width - 20, legendH);
    top = cursor + 6 + legendH + 12;
    return s;
}

// The grid at each tick with its label, the axes, and the y axis' title.
std::string axes(const YAxis& a, const YScale& y, double left, double plotW) {
    const double top = y.top, bottom = top + kPlotH;
    std::string s;
    for (double t : a.ticks) {
        s += line(left, y(t), left + plotW, y(t), "stroke=\"#e4e4e4\"");
        s += svg::text(left - 6, y(t) + 3.5, svg::tickLabel(t, a.step), kTickFont, "end", "class=\"y-tick\"") + "\n";
    }
    s += line(left, top, left, bottom, "stroke=\"#444\"") + line(left, bottom, left + plotW, bottom, "stroke=\"#444\"");
    for (std::size_t i = 0; i < a.title.size(); ++i) {
        double x = 6 + kLabelFont + static_cast<double>(i) * kLabelFont * 1.3;
        s += svg::text(0, 0, a.title[i], kLabelFont, "middle",
                       "transform=\"translate(" + num(x) + "," + num(top + kPlotH / 2) + ") rotate(-90)\"") +
             "\n";
    }
    return s;
}

// Each category's marks (one per run with a value), its tick and its label.
std::string categories(const CategoryChart& c, const Slots& sl, const CategoryLabels& labels, const YScale& y,
                       double left) {
    const double bottom = y.top + kPlotH;
    std::string s;
    for (std::size_t cat = 0; cat < c.categories.size(); ++cat) {
        const double centre = left + (static_cast<double>(cat) + 0.5) * sl.slotW;
        const double first = centre - (static_cast<double>(sl.nRuns) - 1) * sl.runStep / 2;
        for (std::size_t run = 0; run < c.values[cat].size() && run < c.runs.size(); ++run)
            if (!std::isnan(c.values[cat][run].mean))
                s += mark(c, cat, run, first + static_cast<double>(run) * sl.runStep, c.values[cat][run], y);
        s += line(centre, bottom, centre, bottom + 4, "stroke=\"#444\"");
        s += categoryLabel(labels.lines[cat], centre, bottom + 8);
    }
    return s;
}

// Lines join each run's means across the categories (candlesticks stand alone).
std::string runLines(const CategoryChart& c, const Slots& sl, const YScale& y, double left) {
    if (c.style == CategoryStyle::Candlesticks) return "";
    std::string s;
    for (std::size_t run = 0; run < c.runs.size(); ++run) {
        std::string pts;
        for (std::size_t cat = 0; cat < c.categories.size(); ++cat) {
            if (run >= c.values[cat].size() || std::isnan(c.values[cat][run].mean)) continue;
            double x = left + (static_cast<double>(cat) + 0.5) * sl.slotW -
                       (static_cast<double>(sl.nRuns) - 1) * sl.runStep / 2 + static_cast<double>(run) * sl.runStep;
            pts += num(x) + "," + num(y(c.values[cat][run].mean)) + " ";
        }
        s += "<polyline fill=\"none\" stroke=\"" + std::string(svg::colour(run)) + "\" points=\"" + pts + "\"/>\n";
    }
    return s;
}

// The categories no run has samples of, "" when there is none.
std::string emptyCategories(const CategoryChart& c) {
    std::string empty;
    for (std::size_t cat = 0; cat < c.categories.size(); ++cat)
        if (std::all_of(c.values[cat].begin(), c.values[cat].end(), [](const CategoryValue& v) { return std::isnan(v.mean); }))
            empty += (empty.empty() ? "" : ", ") + c.categories[cat];
    return empty;
}

// The runs with no value in any category (left out of the legend), "" when none.
std::string absentRuns(const CategoryChart& c) {
    std::string absent;
    for (std::size_t i = 0; i < c.runs.size(); ++i)
        if (!hasValue(c, i)) absent += (absent.empty() ? "" : ", ") + c.runs[i];
    return absent;
}

// The marks whose mean - stddev is cut at 0 (boxLow).
std::size_t cutMarks(const CategoryChart& c) {
    std::size_t cut = 0;
    for (const auto& cat : c.values)
        for (const CategoryValue& v : cat)
            if (c.style != CategoryStyle::Lines && !std::isnan(v.mean) && v.mean - v.stddev < boxLow(c, v)) ++cut;
    return cut;
}

// What is said under the chart: the x axis title, the notes, the empty
// categories, the runs without values, the marks cut at 0.
std::vector<std::string> linesUnder(const CategoryChart& c) {
    std::vector<std::string> under;
    if (!c.xLabel.empty()) under.push_back("x: " + c.xLabel);
    under.insert(under.end(), c.notes.begin(), c.notes.end());
    if (std::string empty = emptyCategories(c); !empty.empty()) under.push_back("no run has samples of: " + empty);
    if (std::string absent = absentRuns(c); !absent.empty())
        under.push_back("no samples here (not in the legend): " + absent);
    if (std::size_t cut = cutMarks(c); cut > 0)
        under.push_back(std::to_string(cut) + (cut == 1 ? " mark" : " marks") +
                        " cut at 0 where mean - stddev is "
                        "below 0: the quantity cannot be negative");
    return under;
}

}  // namespace

std::string categoryChartSvg(const CategoryChart& c) {
    const Slots sl = slotsOf(c);
    const YAxis a = yAxisOf(c);
    const CategoryLabels labels = categoryLabelsOf(c, sl.slotW);
    const double left = 8 + std::max(a.width, labels.overhangLeft + 4);
    const double width = std::max(480.0, left + sl.plotW + 24);

    double top = 0;
    std::string body = titleAndLegend(c, width, top);
    const YScale y{top, a.r.lo, a.r.hi};
    body += axes(a, y, left, sl.plotW);
    body += categories(c, sl, labels, y, left);
    body += runLines(c, sl, y, left);

    double cursor = top + kPlotH + 8 + labels.depth;
    for (const std::string& text : linesUnder(c)) {
        double end = 0;
        body += svg::wrappedText(10, cursor + 14, text, kLabelFont, width - 20, end);
        cursor = end;
    }
    const double height = cursor + 8;
    return svg::openSvg(width, height, "benchmark-chart") + body + "</svg>\n";
}

}  // namespace mmtp::compare
