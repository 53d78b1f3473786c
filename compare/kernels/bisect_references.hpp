// bisect_references.hpp - --good RUN --bad RUN, checked as a command line:
// a run named on both sides would be counted as good and bad at once, and a
// name given twice would be counted as a second reference run (a repeat it
// is not). Either is a wrong command line (exit 128 under --bisect).
#pragma once
#include <string>
#include <vector>

namespace mmtp::compare {

// Throws mmtp::UsageError naming the option and the run.
void checkBisectReferences(const std::vector<std::string>& good, const std::vector<std::string>& bad);

}  // namespace mmtp::compare
