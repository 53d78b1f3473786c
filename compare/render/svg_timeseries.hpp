// svg_timeseries.hpp - a monitor's samples over time for the HTML report:
// every run (and every field of it) one line on the same chart, time since
// the monitor started along x. Long series are downsampled to a bounded
// number of points, and the chart says so.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::compare {

struct TimeSeries {
    std::string label;                             // "run" or "run field", in the legend
    std::size_t colour = 0, dash = 0;              // run -> colour, field -> line style
    std::vector<std::pair<double, double>> points;  // (seconds, value), in time order
};

struct TimeChart {
    std::string title, yLabel;
    std::vector<TimeSeries> series;
    std::vector<std::string> notes;  // printed under the chart
    std::string xLabel = "seconds since the monitor started";
    bool fromZero = false;  // a y axis of percentages or counts starts at 0, so a small dip is drawn small
    // x is an iteration number plus the fraction of it a sample lies at: the
    // axis spans whole iterations and its ticks are whole (1, 2, never 1.2).
    bool iterationAxis = false;
    std::string svgClass = "monitor-chart";  // the <svg>'s class
};

// At most maxPoints points of each series: consecutive samples averaged in
// equal-sized buckets (time and value), so the shape and level survive.
std::vector<std::pair<double, double>> downsample(const std::vector<std::pair<double, double>>& points,
                                                  std::size_t maxPoints);

// "" when no series has a point. Text is escaped. Each line's <title>
// (its tooltip) gives its samples' count, mean, min and max. A series without
// a point is left out of the legend.
std::string timeChartSvg(const TimeChart& chart, std::size_t maxPoints = 400);

}  // namespace mmtp::compare
