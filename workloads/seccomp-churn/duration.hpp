// duration.hpp - seccomp-churn --estimate: per worker count of the sweep,
// iterations runs of --runtime seconds plus 0.3 s of fork and reap each.
#pragma once
#include "common/option_table.hpp"

#include <optional>

namespace mmtp::seccompchurn {

std::optional<double> estimatedSeconds(const OptionValues& v);

}  // namespace mmtp::seccompchurn
