// monitor_data.hpp - what a benchmark's monitors give compare-kernels: each
// run's vmstat samples (read once, for the mitigation costs and the charts)
// and the page's charts. Types only, below both the flow (kernels/model.hpp
// holds them in BenchmarkResults) and the charts that fill them: nothing in
// kernels/charts/ includes the flow.
#pragma once
#include "monitors/vmstat_by_header.hpp"
#include "render/svg_timeseries.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace mmtp::compare {

// The vmstat columns kept per sample, for the charts; every column's totals
// are kept, for the costs. Only the first kMaxChartedIterations readable
// iterations keep samples.
inline const std::vector<std::string> kVmstatCharted = {"us", "sy", "wa", "cs", "in"};
// The iterations whose monitors the HTML page charts (each a block of
// charts): a run of 100 iterations would otherwise keep and draw every
// sample of every one.
inline constexpr std::size_t kMaxChartedIterations = 8;

// One run's vmstat logs for a benchmark (kernels/vmstat.hpp reads them).
struct RunVmstat {
    std::string run;
    bool recorded = false;                 // some iter-N has vmstat-BENCH
    std::vector<VmstatSamples> iterations; // those that could be read, iter-0 first
    std::vector<std::string> iterationNames;  // iterations[i]'s directory ("iter-0")
    std::string error;                     // why a log could not be read ("" when all could)
    std::vector<std::string> bounded;      // "FILE: what it lost to a bound" (monitors/log_words.hpp)
};

// One iteration's monitor charts, runs in legend order.
struct MonitorIteration {
    std::string iteration;  // "iter-0"
    std::vector<TimeChart> charts;
};

// Every chart of a benchmark's monitors, loaded with the benchmark (the
// page only draws them).
struct MonitorCharts {
    std::vector<MonitorIteration> iterations;  // those where some run recorded a monitor, at most kMaxChartedIterations
    std::vector<std::string> notes;            // monitors no run recorded, iterations not drawn
};

}  // namespace mmtp::compare
