// vmstat_charts.hpp - compare-kernels' vmstat charts (CPU us/sy/wa, context
// switches, interrupts) of one iteration, from the vmstat read once for the
// report (kernels/vmstat.hpp).
#pragma once
#include "core/warnings.hpp"
#include "kernels/charts/monitor_data.hpp"
#include "render/svg_timeseries.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// The three charts onto charts (each run a line); what a run's vmstat lost
// to a bound, or why it could not be read, is warned once.
void keepVmstatCharts(std::vector<TimeChart>& charts, const std::string& benchmark, const std::string& iteration,
                      const std::vector<RunVmstat>& vmstat, Warnings& warnings);

}  // namespace mmtp::compare
