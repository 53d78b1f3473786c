// iostat_charts.hpp - compare-kernels' charts of IO per device of one
// iteration: each run's iostat read by its header, where MonitorIostat.pm
// reads sysstat 12's rkB/s and wkB/s as 0.
#pragma once
#include "core/warnings.hpp"
#include "kernels/charts/monitor_reader.hpp"
#include "render/svg_timeseries.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// Two charts per device (KiB read and written; read and write wait), each
// run a line. The devices drawn are those that moved data or waited, busiest
// (most KiB) first; a log where none did is a note, so a recorded iostat is
// always drawn or said.
void keepIostatCharts(std::vector<TimeChart>& charts, const std::vector<std::string>& runs,
                      const std::string& benchmark, const MonitorReader& reader, Warnings& warnings);

}  // namespace mmtp::compare
