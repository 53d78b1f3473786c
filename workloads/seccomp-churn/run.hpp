// run.hpp - the whole benchmark: for each worker count of the sweep and
// each iteration, one measured run whose logs are written atomically.
#pragma once
#include "seccomp-churn/settings.hpp"

#include <iosfwd>

namespace mmtp::seccompchurn {

// Runs everything in `c`, printing progress to `progress`. Throws Error.
void runSweep(const Settings& c, std::ostream& progress);

}  // namespace mmtp::seccompchurn
