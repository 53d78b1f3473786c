// mpstat_charts.hpp - compare-kernels' charts of CPU busy per NUMA node of
// one iteration: each run's mpstat read by its header, the nodes and their
// CPUs from its cpu-topology-mmtests.txt.
#pragma once
#include "core/warnings.hpp"
#include "kernels/charts/monitor_reader.hpp"
#include "render/svg_timeseries.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// One chart per node (the first kMaxNodes over every run), each run a line:
// per report, the sum over the node's CPUs of 100 - %idle (100 for each busy
// CPU). No node at all is one chart of notes saying why.
void keepMpstatCharts(std::vector<TimeChart>& charts, const std::vector<std::string>& runs,
                      const std::string& benchmark, const MonitorReader& reader, Warnings& warnings);

}  // namespace mmtp::compare
