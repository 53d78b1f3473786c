#include "render/svg_chart.hpp"

#include "benchmarks/shellpack_config.hpp"
#include "render/svg_category_chart.hpp"
#include "render/svg_text.hpp"
#include "tables/verdict.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::compare {

namespace {

struct Style {
    CategoryStyle style;
    std::string note;  // how to read the marks
};

Style styleOf(const std::string& plotType) {
    if (plotType == "client-errorlines") return {CategoryStyle::ErrorLines, "points: mean; bars: mean +- stddev"};
    if (plotType == "lines" || plotType == "linespoint") return {CategoryStyle::Lines, "points: mean"};
    const std::string candles = "whiskers: min..max; box: mean +- stddev; black tick: mean";
    if (plotType.find("candlesticks") != std::string::npos) return {CategoryStyle::Candlesticks, candles};
    return {CategoryStyle::Candlesticks,
            candles + " (PlotType " + plotType + " is not drawn by this report: shown as candlesticks)"};
}

CategoryValue valueOf(const RunSummary& run, const std::string& op) {
    std::vector<double> v = run.extraction.allValues(op);
    if (v.empty()) return {};
    SampleStats s = sampleStats(run, op);
    auto [mn, mx] = std::minmax_element(v.begin(), v.end());
    return {*mn, s.mean, s.stddev, *mx};
}

// The baseline's means of ops span more than a decade (a linear axis would
// make the small ones slivers).
bool spansDecade(const RunSummary& baseline, const std::vector<std::string>& ops) {
    double lo = INFINITY, hi = 0;
    for (const std::string& op : ops) {
        double m = valueOf(baseline, op).mean;
        if (std::isfinite(m) && m > 0) lo = std::min(lo, m), hi = std::max(hi, m);
    }
    return hi > 0 && hi / lo > 10;
}

// v as a % of base (the baseline run's mean of the same operation).
CategoryValue percentOf(const CategoryValue& v, double base) {
    if (!(std::isfinite(base) && base != 0)) return {};
    const double k = 100 / base;
    return {v.min * k, v.mean * k, v.stddev * std::abs(k), v.max * k};
}

}  // namespace

std::string benchmarkChartsSvg(const std::string& benchmark, const std::vector<RunSummary>& runs,
                               const std::vector<std::string>& allOps, const std::map<std::string, std::string>& units,
                               const PlotSettings& plot, std::size_t perChart, std::size_t maxOps) {
    if (runs.empty() || allOps.empty()) return "";
    perChart = std::max<std::size_t>(1, perChart);
    const std::vector<std::string> ops(allOps.begin(), allOps.begin() + static_cast<long>(std::min(maxOps, allOps.size())));
    // One chart per metric, as graph-mmtests.sh draws them, in the order the
    // metrics first appear; operations of no known metric share one.
    std::vector<std::pair<std::string, std::vector<std::string>>> byMetric;
    for (const std::string& op : ops) {
        std::string metric = metricOfOperation(units, op);
        auto g = std::find_if(byMetric.begin(), byMetric.end(), [&metric](const auto& x) { return x.first == metric; });
        if (g == byMetric.end()) g = byMetric.insert(byMetric.end(), {metric, {}});
        g->second.push_back(op);
    }
    const Style style = styleOf(plot.type);
    std::vector<std::string> runNames;
    for (const RunSummary& r : runs) runNames.push_back(r.testName);

    std::string out;
    for (std::size_t m = 0; m < byMetric.size(); ++m) {
        const auto& [metric, metricOps] = byMetric[m];
        // Pages of equal size, none above perChart.
        const std::size_t parts = (metricOps.size() + perChart - 1) / perChart;
        const std::size_t perPart = (metricOps.size() + parts - 1) / parts;
        const std::string yLabel = metric.empty() ? plot.yaxis : svg::unitLabel(units.at(metric));
        const bool nonNegative = !metric.empty() && svg::cannotBeNegative(units.at(metric));
        for (std::size_t part = 0; part < parts; ++part) {
            CategoryChart c;
            c.title = benchmark + (metric.empty() ? "" : " " + metric) + (yLabel.empty() ? "" : ": " + yLabel) +
                      (parts > 1 ? " (part " + std::to_string(part + 1) + " of " + std::to_string(parts) + ")" : "");
            c.yLabel = yLabel.empty() ? "value" : yLabel;
            // The x axis holds the operations, whatever PlotXaxis says of
            // MMTests' own graph (redis' "CPU", fio's "Throughput").
            c.xLabel = "operation";
            c.runs = runNames;
            c.style = style.style;
            c.nonNegative = nonNegative;
            c.notes.push_back(style.note);
            for (std::size_t i = part * perPart; i < std::min(metricOps.size(), (part + 1) * perPart); ++i) {
                c.categories.push_back(metricOps[i]);
                std::vector<CategoryValue>& row = c.values.emplace_back();
                for (const RunSummary& run : runs) row.push_back(valueOf(run, metricOps[i]));
            }
            if (allOps.size() > ops.size() && part + 1 == parts && m + 1 == byMetric.size())
                c.notes.push_back(std::to_string(ops.size()) + " of " + std::to_string(allOps.size()) +
                                  " operations drawn; the tables above hold them all");
            out += categoryChartSvg(c);
        }
        if (!spansDecade(runs.front(), metricOps)) continue;
        // The same operations, each as a % of the baseline's mean of it.
        for (std::size_t part = 0; part < parts; ++part) {
            CategoryChart c;
            c.title = benchmark + (metric.empty() ? "" : " " + metric) + ": each operation as % of " +
                      runs.front().testName + "'s mean of it (its means span more than a decade)" +
                      (parts > 1 ? " (part " + std::to_string(part + 1) + " of " + std::to_string(parts) + ")" : "");
            c.yLabel = "% of the baseline's mean";
            c.xLabel = "operation";
            c.runs = runNames;
            c.style = style.style;
            c.nonNegative = nonNegative;  // of a baseline mean above 0
            c.notes.push_back(style.note + "; every value divided by " + runs.front().testName +
                              "'s mean of its operation, so the baseline's mean is 100");
            for (std::size_t i = part * perPart; i < std::min(metricOps.size(), (part + 1) * perPart); ++i) {
                c.categories.push_back(metricOps[i]);
                const double base = valueOf(runs.front(), metricOps[i]).mean;
                std::vector<CategoryValue>& row = c.values.emplace_back();
                for (const RunSummary& run : runs) row.push_back(percentOf(valueOf(run, metricOps[i]), base));
            }
            out += categoryChartSvg(c);
        }
    }
    return out;
}

}  // namespace mmtp::compare
