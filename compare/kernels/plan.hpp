// plan.hpp - what compare-kernels.sh prints after one benchmark's
// own headings (benchmarks/kernels_headings.hpp): the monitor tables
// (duration, mmtests-vmstat, ..., each under its condition), as data.
// The report runs the steps; nothing here reads a table.
#pragma once
#include "benchmarks/kernels_headings.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// The monitor tables after it, for the runs in logDir with baseRun first:
// a monitor compare-kernels.sh guards with have_monitor_results is planned
// only when baseRun's iter-*/MONITOR-* exists; the latency tables only when
// logDir holds LATTYPE-BASE-* (it looks in the log directory itself).
std::vector<PlanStep> monitorSteps(const std::filesystem::path& logDir, const std::string& baseRun);

// How a step is named in a warning: "-a latency --sub-heading x", "--print-monitor iostat".
std::string describeStep(const PlanStep& step);

}  // namespace mmtp::compare
