// benchmark_description.hpp - the one place that knows benchmarks by name:
// which log format each native report is in, which report a verdict reads,
// where a CPU column comes from, what to say about a benchmark's direction,
// and (kernels_headings.hpp) compare-kernels.sh's headings for it. No source
// outside compare/benchmarks/ names a benchmark (scripts/check-layers.sh).
#pragma once
#include "benchmarks/log_format.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace mmtp::compare {

// One report compare parses natively: -b name [-a alt].
struct NativeReport {
    std::string_view name;  // the -b argument
    std::string_view alt;   // the -a argument ("" for the main report)
    std::string_view yaml;  // which embedded shellpack.yaml describes it ("NAME" or "NAME:ALT")
    LogFormat format;
};

// Every native report, in the order "unknown benchmark" errors list them.
// Our workloads write the log format of the tool they stand in for, so they
// share its format; their shellpack.yaml lives in shellpacks/<name>/.
std::span<const NativeReport> nativeReports();

// What a verdict of a benchmark reads beyond its main report.
struct VerdictHints {
    // The -a report the two-baseline table reads ("" = the main report).
    std::string_view twoBaselinesReport;
    // The -a report holding the RFC table's "iters:" rows; "" = none.
    std::string_view rfcReport;
    // The -a report the two-baseline table's CPU column comes from ("" = no
    // CPU column), and the CPU row for each of the table's operations.
    std::string_view cpuReport;
    std::string (*cpuOp)(const std::string& op) = nullptr;
    // Said beside the verdict when the runs rank the main metric the other
    // way from what the benchmark measures ("" = nothing to say).
    std::string_view directionNoteWhenLowerIsBetter;
    // A workload setting the runs compare, as they compare kernels (seed
    // 001's pipe-pingpong MODE per run): runs that differ only in it have
    // the same settings ("" = none).
    std::string_view comparedSetting;
    // A table heading's short name for an operation (seed 004's "read",
    // "70/30 read", "write"); nullptr = the operation's own name.
    std::string (*shortLabel)(const std::string& op) = nullptr;
    // The verdict family's metrics when --metric names none: the benchmark's
    // independent quantities (an unanchored regex; "" = every metric). The
    // rest are context, shown outside the family: redis' latency columns are
    // functions of its RPS, and a family that pays for copies loses power.
    std::string_view familyMetrics;
};

VerdictHints verdictHints(const std::string& bench);

}  // namespace mmtp::compare
