// r_qnorm.hpp - the confidence-interval half-width compare-mmtests.pl gets by
// running `echo 'qnorm(1-ALPHA/2, mean=0, sd=SD)' | R --slave` once per
// interval: the normal quantile (Boost.Math here), times SD as Perl
// interpolated it (15 significant digits), then read back from R's printout
// (7 significant digits, fixed or scientific as R chooses). The rounding is
// part of the result: significance markers depend on it.
#pragma once

namespace mmtp::compare {

// qnorm(1 - alpha/2, 0, sd) as compare-mmtests.pl ends up using it.
// NaN sd gives NaN; sd 0 gives 0.
double qnormHalfWidthAsPrinted(double alpha, double sd);

// The value of x after R's print(x) with digits=7 and Perl's numification.
double roundTripThroughRPrint(double x);

}  // namespace mmtp::compare
