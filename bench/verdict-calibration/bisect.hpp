// bisect.hpp - a simulated `git bisect run` over 8 commits with the
// references (--good/--bad): does the step script find the first bad commit,
// and how many runs does it spend?
#pragma once
#include "bench/verdict-calibration/synthetic.hpp"

namespace mmtp::compare::calibration {

struct BisectPlan {
    int referenceRuns = 10;           // of each reference
    int startRuns = 4, maxRuns = 30;  // of a candidate
    double candidateDriftPct = 0;     // the machine moved since the references ran: every candidate run off by it
    int anchorRuns = 0;               // the good reference rerun beside each candidate (--anchor), 0: none
};

// The table's title and columns.
void printBisectHeader(int simulations, const BisectPlan& plan);

// One line: right, wrong and undecided bisections and runs spent over
// `simulations` bisections of a commit effectPct off, run noise noisePct.
void printBisect(Noise& n, int simulations, double effectPct, double noisePct, const BisectPlan& plan);

}  // namespace mmtp::compare::calibration
