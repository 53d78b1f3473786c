// duration.hpp - pipe-pingpong --estimate: start-up plus iterations times
// loops times one round trip (measured, workloads/README.md).
#pragma once
#include "common/option_table.hpp"

#include <optional>

namespace mmtp::pipepingpong {

inline constexpr double kRoundTripSeconds = 9e-6;  // 2-vCPU VM

std::optional<double> estimatedSeconds(const OptionValues& v);

}  // namespace mmtp::pipepingpong
