// verdict_inputs.hpp - which report of a benchmark a verdict reads, when the
// seed's table is not about its main report (seed 001's RFC table, seed
// 004's kIOPS and CPU columns), as the benchmark's description says
// (benchmarks/benchmark_description.cpp).
#pragma once
#include "kernels/model.hpp"

#include <filesystem>
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

// Runs that belong together: a verdict compares runs of one measurement,
// so a run whose workload settings for bench (input/run_settings.hpp's
// benchmarkSettings, less the benchmark's comparedSetting) differ from the
// last run's is left out. The last run is the reference: after another
// recipe's runs in the same work dir, it is the one just run. A run that
// recorded no settings matches any.
struct SettingsSplit {
    std::vector<std::string> leftOut;  // in the order given
    std::string note;                  // one line naming them and a difference; "" when none
};
// settingsOf: a run's recorded settings for bench (input/recorded_settings.hpp,
// read once with the runs), nullopt when it recorded none.
using RunSettingsOf = std::function<std::optional<std::vector<std::string>>(const std::string& run)>;
SettingsSplit splitBySettings(const std::string& bench, const std::vector<std::string>& runs,
                              const RunSettingsOf& settingsOf);

}  // namespace mmtp::compare
