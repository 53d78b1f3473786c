// steps.hpp - runs compare-kernels.sh's plan for one benchmark
// (kernels/plan.hpp): each table is loaded and compared as
// compare-mmtests would for that call; a table that fails is kept as its
// error and the rest goes on, as compare-kernels.sh goes on.
#pragma once
#include "benchmarks/kernels_headings.hpp"
#include "kernels/model.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// Runs one step over the runs `names`; `loaded` (if given) receives the runs
// the table was built from.
ReportPart runPlanStep(const KernelsOptions& o, const std::string& bench, const std::vector<std::string>& names,
                       const PlanStep& step, WarningsOnce& warnings, std::ostream& err,
                       std::vector<RunSummary>* loaded = nullptr);

// The runs of the benchmark's alternative report ALT (-a ALT), for a verdict
// that reads it; empty when it cannot be loaded (a warning says why).
std::vector<RunSummary> loadAltRuns(const KernelsOptions& o, const std::string& bench,
                                    const std::vector<std::string>& names, const std::string& alt,
                                    WarningsOnce& warnings, std::ostream& err);

}  // namespace mmtp::compare
