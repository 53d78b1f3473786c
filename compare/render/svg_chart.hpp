// svg_chart.hpp - a benchmark's graphs for the HTML report (inline SVG, no
// gnuplot), drawn as its shellpack.yaml's PlotType asks, as
// bin/graph-mmtests.sh would: one chart per metric, absolute values on a y
// axis named by the metric's unit, every run with samples in the chart's
// legend; a latency, time or rate never drawn below 0.
#pragma once
#include "benchmarks/plot_settings.hpp"
#include "stats/summary.hpp"

#include <map>
#include <string>
#include <vector>

namespace mmtp::compare {

// candlesticks, operation-candlesticks, client-candlesticks: candlesticks;
// client-errorlines (and thread-/process-/group-): means with +- stddev bars;
// lines, linespoint: means joined. Any other PlotType falls back to
// candlesticks, and the chart says so.
// Operations are paged, perChart to a chart, and at most maxOps drawn (the
// last chart says how many were left out). units: metric -> shellpack.yaml unit.
std::string benchmarkChartsSvg(const std::string& benchmark, const std::vector<RunSummary>& runs,
                               const std::vector<std::string>& ops, const std::map<std::string, std::string>& units,
                               const PlotSettings& plot, std::size_t perChart = 40, std::size_t maxOps = 200);

}  // namespace mmtp::compare
