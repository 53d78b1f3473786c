#include "render/svg_chart.hpp"

#include "render/html_escape.hpp"
#include "tables/verdict.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mmtp::compare {

namespace {

const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

struct Candle {
    double lo, boxLo, mean, boxHi, hi;
};

}  // namespace

std::string candlestickSvg(const std::string& title, const std::vector<RunSummary>& runs,
                           const std::vector<std::string>& allOps, std::size_t maxOps) {
    // Candles per operation, relative to the baseline mean.
    std::vector<std::string> ops;
    std::vector<std::vector<Candle>> candles;
    for (const std::string& op : allOps) {
        if (ops.size() == maxOps) break;
        double base = sampleStats(runs.front(), op).mean;
        if (base == 0 || std::isnan(base)) continue;
        std::vector<Candle> group;
        for (const RunSummary& run : runs) {
            std::vector<double> v = run.extraction.allValues(op);
            if (v.empty()) {
                group.push_back({NAN, NAN, NAN, NAN, NAN});
                continue;
            }
            SampleStats s = sampleStats(run, op);
            auto [mn, mx] = std::minmax_element(v.begin(), v.end());
            group.push_back({*mn / base, (s.mean - s.stddev) / base, s.mean / base, (s.mean + s.stddev) / base, *mx / base});
        }
        ops.push_back(op);
        candles.push_back(group);
    }
    double lo = 1, hi = 1;
    for (const auto& g : candles)
        for (const Candle& c : g)
            if (!std::isnan(c.mean)) lo = std::min({lo, c.lo, c.boxLo}), hi = std::max({hi, c.hi, c.boxHi});
    double pad = (hi - lo) * 0.05 + 1e-9;
    lo -= pad;
    hi += pad;

    const double left = 60, top = 40, plotH = 260, candleW = 10, gap = 18;
    const double groupW = static_cast<double>(runs.size()) * (candleW + 2) + gap;
    const double width = left + std::max(1.0, static_cast<double>(ops.size())) * groupW + 20;
    const double height = top + plotH + 130;
    auto y = [&](double v) { return top + (hi - v) / (hi - lo) * plotH; };

    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"candlesticks\" width=\"" + num(width) +
                    "\" height=\"" + num(height) + "\" font-family=\"sans-serif\" font-size=\"10\">\n";
    s += "<text x=\"" + num(left) + "\" y=\"14\" font-size=\"13\">" + escapeHtml(title) +
         " (each operation relative to the mean of " + escapeHtml(runs.front().testName) + ")</text>\n";
    for (std::size_t r = 0; r < runs.size(); ++r) {
        double lx = left + static_cast<double>(r) * 150;
        s += "<rect x=\"" + num(lx) + "\" y=\"22\" width=\"10\" height=\"10\" fill=\"" + kColours[r % 8] + "\"/>";
        s += "<text x=\"" + num(lx + 14) + "\" y=\"31\">" + escapeHtml(runs[r].testName) + "</text>\n";
    }
    for (int i = 0; i <= 4; ++i) {
        double v = lo + (hi - lo) * i / 4;
        s += "<line x1=\"" + num(left) + "\" x2=\"" + num(width - 20) + "\" y1=\"" + num(y(v)) + "\" y2=\"" + num(y(v)) +
             "\" stroke=\"#ddd\"/><text x=\"" + num(left - 6) + "\" y=\"" + num(y(v) + 3) + "\" text-anchor=\"end\">" +
             num(v * 100) + "%</text>\n";
    }
    s += "<line x1=\"" + num(left) + "\" x2=\"" + num(width - 20) + "\" y1=\"" + num(y(1)) + "\" y2=\"" + num(y(1)) +
         "\" stroke=\"#555\" stroke-dasharray=\"4,3\"/>\n";
    for (std::size_t g = 0; g < ops.size(); ++g) {
        double gx = left + static_cast<double>(g) * groupW + gap / 2;
        for (std::size_t r = 0; r < candles[g].size(); ++r) {
            const Candle& c = candles[g][r];
            if (std::isnan(c.mean)) continue;
            double x = gx + static_cast<double>(r) * (candleW + 2);
            const char* col = kColours[r % 8];
            s += "<g><title>" + escapeHtml(ops[g] + " " + runs[r].testName) + "</title>";
            s += "<line x1=\"" + num(x + candleW / 2) + "\" x2=\"" + num(x + candleW / 2) + "\" y1=\"" + num(y(c.hi)) +
                 "\" y2=\"" + num(y(c.lo)) + "\" stroke=\"" + col + "\"/>";
            s += "<rect x=\"" + num(x) + "\" y=\"" + num(y(c.boxHi)) + "\" width=\"" + num(candleW) + "\" height=\"" +
                 num(std::max(1.0, y(c.boxLo) - y(c.boxHi))) + "\" fill=\"" + col + "\" fill-opacity=\"0.5\" stroke=\"" +
                 col + "\"/>";
            s += "<line x1=\"" + num(x) + "\" x2=\"" + num(x + candleW) + "\" y1=\"" + num(y(c.mean)) + "\" y2=\"" +
                 num(y(c.mean)) + "\" stroke=\"#000\"/></g>\n";
        }
        double cx = gx + static_cast<double>(runs.size()) * (candleW + 2) / 2;
        s += "<text transform=\"translate(" + num(cx) + "," + num(top + plotH + 12) +
             ") rotate(-45)\" text-anchor=\"end\">" + escapeHtml(ops[g]) + "</text>\n";
    }
    if (allOps.size() > ops.size())
        s += "<text x=\"" + num(left) + "\" y=\"" + num(height - 6) + "\">" + std::to_string(ops.size()) + " of " +
             std::to_string(allOps.size()) + " operations shown</text>\n";
    s += "</svg>\n";
    return s;
}

}  // namespace mmtp::compare
