// duration.hpp - redis-zpopmin --estimate: per client count and iteration a
// fresh server and the suite's requests, the simple tests and the heavy
// ones (LRANGE_100.._600, MSET) at their measured costs.
#pragma once
#include "common/option_table.hpp"

#include <optional>

namespace mmtp::rediszpopmin {

inline constexpr double kSimpleRequestSeconds = 1.2e-6;  // one pipelined request of a simple test
inline constexpr double kHeavyRequestSeconds = 8e-5;     // LRANGE_100..600 or MSET (5e-5 idle .. 1.6e-4 loaded)
inline constexpr double kServerStartSeconds = 0.35;      // a fresh redis-server per run

std::optional<double> estimatedSeconds(const OptionValues& v);

}  // namespace mmtp::rediszpopmin
