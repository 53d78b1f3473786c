// subselection.hpp - the "typical" mean and its confidence interval that
// MMTests' Subselection summary prints as SubAmean/SubHmean and SubAmeanCI
// (bin/lib/Python/subselection-confidence-interval.py; Kalibera, Bulej, Tuma:
// "Automated Detection of Performance Regressions: The Mono Experience").
//
// Why not byte-identical: the Python draws its subselections from numpy's
// unseeded global generator, so two runs of compare-mmtests.pl print
// different Sub* rows. We run the same method from a fixed seed instead, so
// the same logs always give the same Sub* rows:
//   - generator: SplitMix64 (Steele, Lea, Flood 2014), one stream per
//     subselection, seeded with SplitMix64(kSubselectionSeed ^ (iteration << 32
//     ^ phase << 16 ^ subselection)) where phase is 0 for the means and 1 for
//     the variances: the result depends only on the data, not on the order or
//     the number of threads that draw (every core, past 4M draws a phase);
//   - each 64-bit number gives two draws, its low then its high 32 bits u,
//     picking index (u * n) >> 32 of the iteration's samples (with
//     replacement), in the order the log holds them;
//   - per iteration, 1000 subselections of int(0.8 * n) samples give the
//     median of their means, then 1000 more the median of their (population)
//     variances, as the Python does; sums are taken while drawing (no copy),
//     the variance as E[d^2] - E[d]^2 of d = x - mean(x).
//   - an iteration of at least kSamplingRouteSize (20000) samples draws each
//     phase's 1000 values from the subselection mean's (variance's) sampling
//     distribution instead, when its shape allows (phase 2 or 3, subselection
//     0 of the streams above): stats/subselection_sampling.hpp says how and
//     why it is as good as the draws; below that size every row is as before.
// Until 2026-12 the generator was std::mt19937 (one stream per operation,
// draws copied): the Sub* rows of the same logs then had other values.
// bench/subselection-speed.sh compares the two on a 200k-sample tree.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace mmtp::compare {

inline constexpr std::uint32_t kSubselectionSeed = 20260101;

struct SubselectionEstimate {
    double mean;        // submean: the mean of the per-iteration medians
    double halfLength;  // submeanci: half the confidence interval's length
};

// How an iteration's subselections are drawn: Auto as described above; the
// others force a route (tests compare the two).
enum class SubselectionRoute { Auto, Exact, Sampled };

struct IterationEstimate {
    double median;    // of the subselections' means (harmonic ones when asked)
    double variance;  // the median of their population variances
};

IterationEstimate subselectionIteration(const std::vector<double>& samples, std::size_t iteration, bool harmonic,
                                        SubselectionRoute route);

// iterations holds each iteration's samples; harmonic selects the harmonic
// mean (hmean, preferhigher) over the arithmetic one. NaN where the Python
// would print nan (e.g. an iteration with a single sample).
SubselectionEstimate subselectionEstimate(const std::vector<std::vector<double>>& iterations, bool harmonic,
                                          double alpha);

}  // namespace mmtp::compare
