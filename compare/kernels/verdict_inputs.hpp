// verdict_inputs.hpp - which report of a benchmark a verdict reads, when the
// seed's table is not about its main report (seed 001's RFC table, seed
// 004's kIOPS and CPU columns), as the benchmark's description says
// (benchmarks/benchmark_description.cpp).
#pragma once
#include "kernels/model.hpp"

#include <functional>
#include <optional>
#include <string>

namespace mmtp::compare {

// The alternative report (-a) the verdict reads for bench; "" for its main
// report; nullopt when the verdict does not apply to bench (rfc: only
// benchmarks with an RFC report).
std::optional<std::string> verdictReport(const std::string& bench, Verdict verdict);

// Where the two-baseline table's CPU column comes from: a report of the
// same runs and, for each of the table's operations, its CPU row.
struct CpuColumnSource {
    std::string altReport;
    std::function<std::string(const std::string& op)> cpuOp;
};
std::optional<CpuColumnSource> cpuColumnSource(const std::string& bench);

}  // namespace mmtp::compare
