// preamble.hpp - the sections compare-kernels.sh prints before any
// benchmark, in its order and layout: kernel command lines, LSM order and
// preemption settings and C-state latencies (each only when runs differ),
// the storage scheduler, and each run's kernel warnings.
#pragma once
#include "input/run_settings.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

std::string renderPreambleText(const std::vector<RunSettings>& runs);

}  // namespace mmtp::compare
