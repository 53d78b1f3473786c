// sequential.hpp - mitigation-matrix --until-decided's repeated looks. Two
// rows (A, the first, and B), one boot each per round, interleaved; after
// each round from the second on, the engine looks at the rows' units (each
// boot's samples by the trimmed mean) and the schedule stops when no metric
// is inconclusive or after the last round (the budget). Each look at its
// O'Brien-Fleming share of alpha, as the matrix does, or (naive) at the
// whole alpha every time: what spending buys.
#pragma once
#include "bench/verdict-calibration/synthetic.hpp"

namespace mmtp::compare::calibration {

// The heading and one row per schedule kind, `schedules` schedules each.
void printSequentialTable(Noise& n, int schedules);

}  // namespace mmtp::compare::calibration
