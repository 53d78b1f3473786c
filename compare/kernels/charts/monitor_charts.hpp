// monitor_charts.hpp - the monitor graphs of compare-kernels' HTML page:
// CPU us/sy/wa, context switches, interrupts (total and the busiest
// sources), page faults, CPU busy per NUMA node and IO per device, each one
// chart with every run on it, one set per iteration. The samples come from the --print-monitor
// parsers (monitors/*.cpp), vmstat's from our own reading of it by
// header (kernels/vmstat, read once for the report); nothing here
// reads a log format itself.
#pragma once
#include "core/warnings.hpp"
#include "kernels/charts/monitor_data.hpp"
#include "render/svg_timeseries.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::compare {

// The charts for benchmark's monitors in each of the runs' first
// kMaxChartedIterations iterations (vmstat: the samples `vmstat` holds). A
// monitor no run recorded gives no chart (the notes name it); a log that
// cannot be read is named in its chart's notes and once in warnings instead of
// failing the page; a chart with fewer than three samples in every series, or
// only zeros, is a note saying so, not a chart.
MonitorCharts loadMonitorCharts(const std::filesystem::path& logDir, const std::vector<std::string>& runs,
                                const std::string& benchmark, const std::vector<RunVmstat>& vmstat, Warnings& warnings);

}  // namespace mmtp::compare
