// kernels_headings.hpp - compare-kernels.sh's `case $SUBREPORT` as data: for
// each benchmark, its headings and the compare-mmtests calls with their
// sub-headings and alternative reports. Part of the benchmarks' description:
// nothing outside compare/benchmarks/ knows a benchmark by name.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// One line of the report, or one compare-mmtests call it makes.
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

}  // namespace mmtp::compare
