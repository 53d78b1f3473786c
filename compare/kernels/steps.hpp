// steps.hpp - runs compare-kernels.sh's plan for one benchmark
// (kernels/plan.hpp): each table is loaded and compared as
// compare-mmtests would for that call; a table that fails is kept as its
// error and the rest goes on, as compare-kernels.sh goes on.
#pragma once
#include "kernels/plan.hpp"
#include "kernels/report.hpp"
#include "stats/summary.hpp"
#include "tables/comparison.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// One piece of a benchmark's output, in order: a line, or a table (or why it
// failed, or nothing when compare-kernels.sh's condition hides it).
struct ReportPart {
    bool isTable = false;
    std::string line;                      // !isTable: printed with "\n"
    std::string before;                    // isTable: printed before a shown table (iostat's blank line)
    std::string what;                      // isTable: the call, "-a latency", "--print-monitor iostat"
    std::optional<ComparisonReport> table; // isTable: the table, when it was made and shown
    std::string error;                     // isTable: why it failed
};

// The warnings of all of one benchmark's loads, each passed on to err once.
struct WarningsOnce {
    std::string said;
    void passOn(const std::string& more, std::ostream& err);
};

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
