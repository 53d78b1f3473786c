// alpha_spending.hpp - the error budget of repeated looks at growing data
// (mitigation-matrix --until-decided, its calibration): Lan-DeMets'
// O'Brien-Fleming-type spending function gives each look its share of the
// family alpha. The shares are used as the levels of separate tests (a
// Bonferroni split over the looks), so the chance of any false call over all
// looks is at most alpha whatever the looks' correlation, for t intervals
// with few degrees of freedom too (exact group-sequential boundaries assume
// normal statistics with a known variance). In base/ because both the matrix
// (a workload) and the verdict calibration (compare) need this one rule.
#pragma once

namespace mmtp {

// alpha(t) = 2 - 2 Phi(z(1 - alpha/2) / sqrt(t)) for the fraction t in
// (0, 1] of the largest sample; 0 at t <= 0, alpha at t >= 1.
double obrienFlemingSpent(double fraction, double alpha);

// The level of the look made with `round` units per row, looks being made
// at every round from firstRound to lastRound (the budget): alpha spent up
// to round/lastRound less what the earlier looks spent. Their sum over
// firstRound..lastRound is alpha. 0 for a round outside that range.
double lookAlpha(int round, int firstRound, int lastRound, double alpha);

}  // namespace mmtp
