// monitor_chart_parts.hpp - what every monitor's charts on compare-kernels'
// page share: a chart kept or said as a note, the words of its x axis, and a
// line per column of a run's samples read by the monitor's header.
#pragma once
#include "monitors/log_words.hpp"
#include "render/svg_timeseries.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace mmtp::compare {

// c, with xLabel, onto charts. A chart whose every series has fewer than
// three points draws a straight line (or a dot) that says nothing of the
// shape, and one whose every sample is 0 a flat line: each becomes a note.
void keepChart(std::vector<TimeChart>& charts, TimeChart c, std::string xLabel);

// The x axis' words for the iteration drawn.
std::string inIteration(const std::string& iteration);

// The x axis of a chart over runs whose logs may lack MONITORS_WITH_LATENCY's
// stamp, where a sample has only its number ("vmstat", "sample").
std::string stampedAxis(bool stamped, bool unstamped, const std::string& monitor, const std::string& sample);

// One line per column of one run's samples: colour by run, line style by
// column; named by the run, and by the column when there are several.
void addColumnSeries(TimeChart& c, const ColumnSamples& s, const std::string& run, std::size_t runIndex,
                     const std::vector<std::string>& columns);

}  // namespace mmtp::compare
