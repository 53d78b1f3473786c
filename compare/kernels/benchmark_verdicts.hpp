// benchmark_verdicts.hpp - one benchmark's verdicts for compare-kernels:
// each design asked for (A/B/A, against the first run, two baselines, RFC,
// LKP, --good/--bad references) over the runs it may use, in role order.
// The calls wait for the report's family (kernels/call_families.hpp).
#pragma once
#include "kernels/model.hpp"

#include <functional>
#include <string>
#include <vector>

namespace mmtp::compare {

// The benchmark's alternative report ALT (a verdict's input), loaded from the
// same run directories; empty when it cannot be loaded (its warnings say why).
using AltReportLoader = std::function<std::vector<RunSummary>(const std::string& alt)>;

// Every verdict asked for (none asked: the design the runs imply) into b,
// over b's valid runs (all with --include-invalid) of the same settings
// (unless --mix-settings); durationRuns are the runs' durations, for the
// elapsed-time row.
void computeVerdicts(const KernelsOptions& o, const KernelsData& d, BenchmarkResults& b,
                     const std::vector<RunSummary>& durationRuns, const AltReportLoader& altRuns);

}  // namespace mmtp::compare
