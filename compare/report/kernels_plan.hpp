// kernels_plan.hpp - what compare-kernels.sh prints for one benchmark, as
// data: its `case $SUBREPORT` (headings and the compare-mmtests calls with
// their sub-headings and alternative reports), and the monitor tables it
// prints after (duration, mmtests-vmstat, ..., each under its condition).
// The report runs the steps; nothing here reads a table.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct PlanStep {
    enum class Kind { Line, Table, IostatTable } kind = Kind::Line;
    std::string text;                      // Line: printed as is, with "\n"
    std::string alt;                       // Table: -a
    std::optional<std::string> subHeading; // Table: --sub-heading
    std::optional<std::string> monitor;    // Table: --print-monitor
    bool significance = false;             // the call carries $AUTO_DETECT_SIGNIFICANCE
};

// The benchmark's own headings and tables (its case arm), then the blank
// line compare-kernels.sh echoes after it. Our redis-zpopmin and fiolike
// get their alternative reports too (MMTests would print only the main one).
std::vector<PlanStep> benchmarkSteps(const std::string& bench);

// The monitor tables after it, for the runs in logDir with baseRun first:
// a monitor compare-kernels.sh guards with have_monitor_results is planned
// only when baseRun's iter-*/MONITOR-* exists; the latency tables only when
// logDir holds LATTYPE-BASE-* (it looks in the log directory itself).
std::vector<PlanStep> monitorSteps(const std::filesystem::path& logDir, const std::string& baseRun);

// How a step is named in a warning: "-a latency --sub-heading x", "--print-monitor iostat".
std::string describeStep(const PlanStep& step);

}  // namespace mmtp::compare
