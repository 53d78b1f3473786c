// alpha_spending.hpp - the error budget of repeated looks at growing data
// (mitigation-matrix --until-decided, its calibration): Lan-DeMets'
// O'Brien-Fleming-type spending function says how much of alpha the looks
// up to a fraction t of the largest sample may spend, and the exact
// group-sequential boundaries (the Armitage-McPherson-Rowe recursion over
// the joint normal law of the looks' statistics) turn that into each look's
// nominal level: the level at which a look's two-sided test, given that no
// earlier look stopped, spends exactly its share. That level is larger than
// the share itself (a Bonferroni split over the looks), because the looks'
// statistics are correlated: at 9 looks the last runs at 0.034, not 0.011.
// The same boundaries give repeated confidence intervals (Jennison &
// Turnbull): intervals at every look that together cover with 1 - alpha,
// which is what "no change" at any look needs. Statistics: compare's own.
// The matrix's --until-decided asks compare-kernels for its looks and prints
// the level compare-kernels reports it used.
#pragma once

#include <vector>

namespace mmtp {

// alpha(t) = 2 - 2 Phi(z(1 - alpha/2) / sqrt(t)) for the fraction t in
// (0, 1] of the largest sample; 0 at t <= 0, alpha at t >= 1.
double obrienFlemingSpent(double fraction, double alpha);

// The two-sided boundaries c_1..c_K (|Z_k| >= c_k stops) for looks at the
// increasing information fractions given (the last 1), spending
// obrienFlemingSpent(t_k) - obrienFlemingSpent(t_k-1) at look k.
std::vector<double> groupSequentialBounds(const std::vector<double>& fractions, double alpha);

// The nominal two-sided level of the look made with `round` units per row,
// looks being made at every round from firstRound to lastRound (the
// budget): 2 (1 - Phi(c_k)) of the exact boundaries. 0 for a round outside
// that range.
double lookAlpha(int round, int firstRound, int lastRound, double alpha);

// The one-sided level of each of "no change"'s two one-sided tests at that
// look: the repeated 1 - 2 alpha intervals' (lookAlpha at 2 alpha, halved),
// so "no change" claimed at any look is wrong with at most alpha.
double lookEquivalenceAlpha(int round, int firstRound, int lastRound, double alpha);

}  // namespace mmtp
