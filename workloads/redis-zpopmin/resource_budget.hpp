// resource_budget.hpp - what a run of redis-zpopmin will need, checked before
// anything starts, so that documented option values can never exhaust the
// machine (issue 23): the memory of the test suite and of every client's
// pipelined batch (clients x -P x the biggest command), against
// MemAvailable; and the file descriptors -c needs, for us and for the server
// (which inherits our limit and is told --maxclients to match).
#pragma once
#include "redis-zpopmin/settings.hpp"

#include <cstdint>

namespace mmtp::rediszpopmin {

// redis-server's proto-max-bulk-len (its default, passed explicitly): the
// largest -d a SET can carry. The option table's range for -d.
inline constexpr int kMaxDatasize = 512 * 1024 * 1024;
// Connections beyond -c the server must accept: our control connection and
// redis' own reserve.
inline constexpr int kServerExtraClients = 32;

// Bytes the suite and the batch buffers take for these settings (an upper bound).
uint64_t clientMemoryBytes(const Settings& s);

// Throws UsageError naming -d/-P/-c when clientMemoryBytes exceeds half of
// MemAvailable; raises RLIMIT_NOFILE (soft, and hard when allowed) for
// --max-clients, or throws UnsupportedError naming ulimit -n.
void requireResources(const Settings& s);

}  // namespace mmtp::rediszpopmin
