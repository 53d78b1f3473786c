// scenarios.hpp - the calibration table's rows: data that look like real
// data (within-boot hiccups, per-run offsets, a drifting A2, a noisier B,
// unequal boot counts, several benchmarks and compared runs per report).
#pragma once
#include "bench/verdict-calibration/synthetic.hpp"

#include <vector>

namespace mmtp::compare::calibration {

std::vector<Scenario> reportScenarios();

}  // namespace mmtp::compare::calibration
