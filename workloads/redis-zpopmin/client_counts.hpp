// client_counts.hpp - the client counts a run steps through, as MMTests'
// threads_large_stride_begin (bin/generate-stride-range --stride-large)
// produces them from REDIS_MIN_CLIENTS..REDIS_MAX_CLIENTS.
#pragma once
#include <vector>

namespace mmtp::rediszpopmin {

// min and max are always included; ncpus is NUM_LOGICAL_CPUS.
std::vector<int> largeStrideClients(int minClients, int maxClients, int ncpus);

}  // namespace mmtp::rediszpopmin
