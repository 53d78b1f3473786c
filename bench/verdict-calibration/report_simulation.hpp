// report_simulation.hpp - one synthetic report through compare-kernels' code
// path: samples into an Extraction per run and iteration, boot ids per
// iteration, replicatedInput (pairInput for runs against the first), and one
// callFamily per comparison over the whole report's family.
#pragma once
#include "bench/verdict-calibration/synthetic.hpp"
#include "stats/verdict_call.hpp"

#include <vector>

namespace mmtp::compare::calibration {

// The calls of one report with B shifted by shiftPct and `boots` boots per
// run (B's as the scenario says): one family per comparison.
std::vector<CallFamily> simulateReport(const Scenario& s, Noise& n, double shiftPct, int boots);

}  // namespace mmtp::compare::calibration
