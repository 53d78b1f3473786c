#include "kernels/charts/monitor_chart_parts.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::compare {

namespace {

constexpr std::size_t kFewestPoints = 3;

bool allZero(const TimeChart& c) {
    return std::all_of(c.series.begin(), c.series.end(), [](const TimeSeries& s) {
        return std::all_of(s.points.begin(), s.points.end(), [](const auto& p) { return p.second == 0; });
    });
}

// The most readable (finite) points any series of c has.
std::size_t mostReadablePoints(const TimeChart& c) {
    std::size_t most = 0;
    for (const TimeSeries& s : c.series)
        most =
            std::max(most, static_cast<std::size_t>(std::count_if(s.points.begin(), s.points.end(), [](const auto& p) {
                         return std::isfinite(p.first) && std::isfinite(p.second);
                     })));
    return most;
}

}  // namespace

void keepChart(std::vector<TimeChart>& charts, TimeChart c, std::string xLabel) {
    c.xLabel = std::move(xLabel);
    const std::size_t most = mostReadablePoints(c);
    if (!c.series.empty() && most < kFewestPoints) {
        c.series.clear();
        c.notes.push_back("not drawn: at most " + std::to_string(most) + " readable sample" + (most == 1 ? "" : "s") +
                          " per run, fewer than " + std::to_string(kFewestPoints) +
                          " (the benchmark ran for less than three monitor intervals, or the values are not numbers)");
    }
    if (!c.series.empty() && allZero(c)) {  // a flat line on a made-up axis would say nothing either
        c.series.clear();
        c.notes.push_back("not drawn: every sample of every run is 0");
    }
    if (c.series.empty() && c.notes.empty())  // recorded, yet nothing to draw: say so rather than drop it
        c.notes.push_back("not drawn: the logs hold no samples of it");
    charts.push_back(std::move(c));
}

std::string inIteration(const std::string& iteration) {
    return ", in each run's " + iteration + (iteration == "iter-0" ? " (the first iteration)" : "");
}

std::string stampedAxis(bool stamped, bool unstamped, const std::string& monitor, const std::string& sample) {
    if (stamped && !unstamped) return "seconds since the monitor started";
    if (!stamped)
        return monitor + " " + sample + " number (the log has no timestamps: " + monitor +
               " was not in MONITORS_WITH_LATENCY, so its interval is not recorded)";
    return "seconds since the monitor started, or the " + sample +
           " number for runs whose log has no timestamps (not in MONITORS_WITH_LATENCY)";
}

void addColumnSeries(TimeChart& c, const ColumnSamples& s, const std::string& run, std::size_t runIndex,
                     const std::vector<std::string>& columns) {
    for (std::size_t f = 0; f < columns.size(); ++f) {
        const std::vector<double>& values = s.column(columns[f]);
        TimeSeries series{run + (columns.size() > 1 ? " " + columns[f] : ""), runIndex, f, {}};
        for (std::size_t i = 0; i < values.size() && i < s.x.size(); ++i) series.points.emplace_back(s.x[i], values[i]);
        if (!series.points.empty()) c.series.push_back(std::move(series));
    }
}

}  // namespace mmtp::compare
