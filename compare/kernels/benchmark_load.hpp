// benchmark_load.hpp - one benchmark of compare-kernels' report: its runs
// loaded once (validity, the compare-mmtests tables of compare-kernels.sh's
// steps, vmstat, monitor charts), then its verdicts.
#pragma once
#include "core/diagnostics_summary.hpp"
#include "kernels/model.hpp"

#include <iosfwd>
#include <string>

namespace mmtp::compare {

// Loads the benchmark's runs once for its verdicts (warnings printed once),
// then runs compare-kernels.sh's tables for it; a failure is kept as its
// error. Invalid runs are warned of in held; other warnings go to err.
BenchmarkResults loadBenchmark(const KernelsOptions& o, const KernelsData& d, const std::string& bench,
                               WarningTally& held, std::ostream& err);

}  // namespace mmtp::compare
