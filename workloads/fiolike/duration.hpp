// duration.hpp - fiolike --estimate: one job per pattern and depth listed,
// each its ramp and runtime plus a second of layout and teardown. A job
// bound by --size (no runtime) takes as long as the device does: unknown.
#pragma once
#include "common/option_table.hpp"

#include <optional>

namespace mmtp::fiolike {

std::optional<double> estimatedSeconds(const OptionValues& v);

}  // namespace mmtp::fiolike
