// run.hpp - the whole run: a dedicated server, then for each client
// count and iteration the selected tests in order, each iteration's logs
// written atomically once it is complete.
#pragma once
#include "redis-zpopmin/settings.hpp"

#include <iosfwd>

namespace mmtp::rediszpopmin {

// Throws Error if the server is missing or dies, or on interrupt; the
// iteration being measured is then not written.
void runBenchmark(const Settings& s, std::ostream& progress);

}  // namespace mmtp::rediszpopmin
