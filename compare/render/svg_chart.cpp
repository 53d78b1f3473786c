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

// One chart per metric, as graph-mmtests.sh draws them, in the order the
// metrics first appear; operations of no known metric share one.
std::vector<std::pair<std::string, std::vector<std::string>>> byMetric(const std::map<std::string, std::string>& units,
                                                                       const std::vector<std::string>& ops) {
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;
    for (const std::string& op : ops) {
        std::string metric = metricOfOperation(units, op);
        auto g = std::find_if(groups.begin(), groups.end(), [&metric](const auto& x) { return x.first == metric; });
        if (g == groups.end()) g = groups.insert(groups.end(), {metric, {}});
        g->second.push_back(op);
    }
    return groups;
}

// One metric's operations, drawn over parts charts of perPart operations.
struct MetricCharts {
    const std::string& benchmark;
    const std::string& metric;
    const std::vector<std::string>& ops;
    const std::vector<RunSummary>& runs;
    const Style& style;
    std::string yLabel;
    bool nonNegative = false;
    std::size_t parts = 1, perPart = 1;
};

// Pages of equal size, none above perChart.
MetricCharts metricCharts(const std::string& benchmark, const std::string& metric, const std::vector<std::string>& ops,
                          const std::vector<RunSummary>& runs, const Style& style,
                          const std::map<std::string, std::string>& units, const PlotSettings& plot,
                          std::size_t perChart) {
    MetricCharts m{benchmark, metric, ops, runs, style, "", false, 1, 1};
    m.parts = (ops.size() + perChart - 1) / perChart;
    m.perPart = (ops.size() + m.parts - 1) / m.parts;
    m.yLabel = metric.empty() ? plot.yaxis : svg::unitLabel(units.at(metric));
    m.nonNegative = !metric.empty() && svg::cannotBeNegative(units.at(metric));
    return m;
}

std::string partOf(std::size_t part, std::size_t parts) {
    return parts > 1 ? " (part " + std::to_string(part + 1) + " of " + std::to_string(parts) + ")" : "";
}

// A chart of the part's operations, every run; no title, values or notes yet.
CategoryChart partChart(const MetricCharts& m) {
    CategoryChart c;
    // The x axis holds the operations, whatever PlotXaxis says of
    // MMTests' own graph (redis' "CPU", fio's "Throughput").
    c.xLabel = "operation";
    for (const RunSummary& r : m.runs) c.runs.push_back(r.testName);
    c.style = m.style.style;
    c.nonNegative = m.nonNegative;
    return c;
}

// The operations' values as the runs measured them.
CategoryChart valuesChart(const MetricCharts& m, std::size_t part) {
    CategoryChart c = partChart(m);
    c.title = m.benchmark + (m.metric.empty() ? "" : " " + m.metric) + (m.yLabel.empty() ? "" : ": " + m.yLabel) +
              partOf(part, m.parts);
    c.yLabel = m.yLabel.empty() ? "value" : m.yLabel;
    c.notes.push_back(m.style.note);
    for (std::size_t i = part * m.perPart; i < std::min(m.ops.size(), (part + 1) * m.perPart); ++i) {
        c.categories.push_back(m.ops[i]);
        std::vector<CategoryValue>& row = c.values.emplace_back();
        for (const RunSummary& run : m.runs) row.push_back(valueOf(run, m.ops[i]));
    }
    return c;
}

// The same operations, each as a % of the baseline's mean of it.
CategoryChart percentChart(const MetricCharts& m, std::size_t part) {
    const RunSummary& baseline = m.runs.front();
    CategoryChart c = partChart(m);
    c.title = m.benchmark + (m.metric.empty() ? "" : " " + m.metric) + ": each operation as % of " + baseline.testName +
              "'s mean of it (its means span more than a decade)" + partOf(part, m.parts);
    c.yLabel = "% of the baseline's mean";  // nonNegative holds: a % of a baseline mean above 0
    c.notes.push_back(m.style.note + "; every value divided by " + baseline.testName +
                      "'s mean of its operation, so the baseline's mean is 100");
    for (std::size_t i = part * m.perPart; i < std::min(m.ops.size(), (part + 1) * m.perPart); ++i) {
        c.categories.push_back(m.ops[i]);
        const double base = valueOf(baseline, m.ops[i]).mean;
        std::vector<CategoryValue>& row = c.values.emplace_back();
        for (const RunSummary& run : m.runs) row.push_back(percentOf(valueOf(run, m.ops[i]), base));
    }
    return c;
}

}  // namespace

std::string benchmarkChartsSvg(const std::string& benchmark, const std::vector<RunSummary>& runs,
                               const std::vector<std::string>& allOps, const std::map<std::string, std::string>& units,
                               const PlotSettings& plot, std::size_t perChart, std::size_t maxOps) {
    if (runs.empty() || allOps.empty()) return "";
    perChart = std::max<std::size_t>(1, perChart);
    const std::vector<std::string> ops(allOps.begin(), allOps.begin() + static_cast<long>(std::min(maxOps, allOps.size())));
    const auto groups = byMetric(units, ops);
    const Style style = styleOf(plot.type);
    std::string out;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const MetricCharts m =
            metricCharts(benchmark, groups[g].first, groups[g].second, runs, style, units, plot, perChart);
        for (std::size_t part = 0; part < m.parts; ++part) {
            CategoryChart c = valuesChart(m, part);
            if (allOps.size() > ops.size() && part + 1 == m.parts && g + 1 == groups.size())
                c.notes.push_back(std::to_string(ops.size()) + " of " + std::to_string(allOps.size()) +
                                  " operations drawn; the tables above hold them all");
            out += categoryChartSvg(c);
        }
        if (!spansDecade(runs.front(), m.ops)) continue;
        for (std::size_t part = 0; part < m.parts; ++part) out += categoryChartSvg(percentChart(m, part));
    }
    return out;
}

}  // namespace mmtp::compare
