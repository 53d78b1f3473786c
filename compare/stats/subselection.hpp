// subselection.hpp - the "typical" mean and its confidence interval that
// MMTests' Subselection summary prints as SubAmean/SubHmean and SubAmeanCI
// (bin/lib/Python/subselection-confidence-interval.py; Kalibera, Bulej, Tuma:
// "Automated Detection of Performance Regressions: The Mono Experience").
//
// Why not byte-identical: the Python draws its subselections from numpy's
// unseeded global generator, so two runs of compare-mmtests.pl print
// different Sub* rows. We run the same method from a fixed seed instead, so
// the same logs always give the same Sub* rows:
//   - generator: std::mt19937 seeded with kSubselectionSeed, started afresh
//     for every operation of every run (the result depends only on the data);
//   - a draw picks index (next u32 * n) >> 32 of the iteration's samples
//     (with replacement), in the order the log holds them;
//   - per iteration, 1000 subselections of int(0.8 * n) samples give the
//     median of their means, then 1000 more the median of their (population)
//     variances, as the Python does. That is 2000 * 0.8n draws per iteration
//     of n samples: about 13 s of CPU per million samples (800k samples of
//     bonnie++ latencies took 10.5 s on a loaded 2-vCPU VM).
#pragma once
#include <cstdint>
#include <vector>

namespace mmtp::compare {

inline constexpr std::uint32_t kSubselectionSeed = 20260101;

struct SubselectionEstimate {
    double mean;        // submean: the mean of the per-iteration medians
    double halfLength;  // submeanci: half the confidence interval's length
};

// iterations holds each iteration's samples; harmonic selects the harmonic
// mean (hmean, preferhigher) over the arithmetic one. NaN where the Python
// would print nan (e.g. an iteration with a single sample).
SubselectionEstimate subselectionEstimate(const std::vector<std::vector<double>>& iterations, bool harmonic,
                                          double alpha);

}  // namespace mmtp::compare
