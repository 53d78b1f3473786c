// iteration_inference.hpp - how much one run changed against another, with
// the iteration (one boot) as the unit of replication: each iteration's
// samples are averaged first and only the between-iteration variance enters
// the interval (samples inside one boot share its state and estimate only
// that boot). Student's interval, the between-iteration variance pooled over
// both sides (exact when both runs share one distribution, the same-kernel
// case a false alarm comes from); a side with a single iteration borrows the
// other's variance; no interval when neither side can estimate one.
#pragma once
#include "stats/extraction.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace mmtp::compare {

// The mean of each iteration's samples, iterations without samples left out.
std::vector<double> iterationMeans(const std::vector<IterationSamples>& iterations);

// The change of `now` against `base`, in percent of base's mean.
struct ChangeEstimate {
    double changePct = 0;          // mean(now) / mean(base) - 1
    double lowPct = 0, highPct = 0;  // the interval; NaN when there is none
    double sePct = 0;              // standard error of the change; NaN when there is none
    double df = 0;                 // its degrees of freedom; 0 when there is none
    std::size_t baseN = 0, nowN = 0;  // iterations on each side
    double baseMean = 0, nowMean = 0;
    double baseSd = 0, nowSd = 0;  // sample stddev of the iteration means (NaN for one)
    bool pooled = false;           // one side had one iteration: the other side's variance stands for both
    bool hasInterval() const { return df > 0; }
};
// confidence: two-sided, e.g. 0.95, or 1 - 0.05/m for a family of m metrics.
// A base mean of 0 gives changePct 0 and no interval; so does a change
// between sides without variance (constants say nothing about noise); equal
// constants give the exact interval [0, 0].
ChangeEstimate estimateChange(const std::vector<double>& base, const std::vector<double>& now, double confidence);

// The smallest |change| (percent) the same design detects with `power`
// probability at two-sided level alpha: (t(1-alpha/2) + t(power)) * se.
// NaN without an interval.
double detectableChangePct(const ChangeEstimate& e, double alpha, double power);

// Iterations per run (the base side made of baseRuns runs of that many
// iterations, 2 for A/B/A's A1 and A2) that settle a metric with the
// variances observed: (t(1-alpha/2) + t((1+power)/2)) * se <= thresholdPct,
// so a threshold-sized change is detected and, when there is no change, "no
// change" is claimed, each with probability >= power; nullopt when the variance
// is unknown (no interval) or more than maxIterations would be needed.
std::optional<std::size_t> iterationsToDetect(const ChangeEstimate& e, std::size_t baseRuns, double thresholdPct,
                                              double alpha, double power, std::size_t maxIterations = 1000);

}  // namespace mmtp::compare
