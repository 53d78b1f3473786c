// design_line.hpp - how the runs of a compare-kernels report are compared,
// said once above the verdicts (text and mail): the roles of A/B/A (and
// A/B/A/B) runs, the references of --bisect, and for every other verdict
// its design in one line ("Design: each run against the first (x)").
#pragma once
#include "kernels/page.hpp"

#include <string>

namespace mmtp::compare {

// One line per verdict design the report shows; "" with fewer than two runs.
std::string designSummary(const KernelsOptions& options, const KernelsData& data);

}  // namespace mmtp::compare
