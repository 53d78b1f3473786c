// claims_table.hpp - each claim at the level it needs, on A/B/A reports
// shaped like issue 39's (5 boots of 7 samples a run, 1 % boot noise, one
// sample in 50 a 1.5x hiccup, threshold 3 %), each rate with its 95 %
// Wilson interval:
//   nc/row     rows "no change" (under a shift of T or more: wrongly so)
//   all-nc     reports whose every row is "no change"
//   false-reg  reports with any row called a regression that is none
//   called     rows called in the shift's direction
#pragma once
#include "bench/verdict-calibration/synthetic.hpp"

namespace mmtp::compare::calibration {

void printClaimsTable(Noise& n, int reports);

}  // namespace mmtp::compare::calibration
