// duration.hpp - --estimate of the three programs of this binary: per run
// (testcase, model and task count for syscall-scale; task count and
// iteration for syscall-null; iteration for syscall-fsbuffer) its measured
// and settling seconds.
#pragma once
#include "common/option_table.hpp"

#include <optional>

namespace mmtp::syscallscale {

std::optional<double> wisSeconds(const OptionValues& v);
std::optional<double> nullSeconds(const OptionValues& v);
std::optional<double> fsbufferSeconds(const OptionValues& v);

}  // namespace mmtp::syscallscale
