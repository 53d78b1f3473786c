// unit_inference.hpp - how much one kernel changed against another, with the
// unit of replication as the only source of variance. A unit is one boot (or
// one run, when runs share a boot or record none: stats/boot_units.hpp); the
// samples and iterations inside a unit share its state and estimate only that
// unit. The interval is Welch's (the sides' variances are not assumed equal:
// a noisier B must not borrow A's calm); a side with a single unit borrows the
// other side's variance; no interval when neither side can estimate one, or
// when the values cannot be trusted (non-finite, overflowing, a zero base).
#pragma once
#include "stats/extraction.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace mmtp::compare {

// The mean of each iteration's samples, iterations without samples left out
// (the store's history plots iterations).
std::vector<double> iterationMeans(const std::vector<IterationSamples>& iterations);

// Why a change has no interval.
enum class NoInterval {
    None,         // it has one
    OneUnitEach,  // neither side has two units (boots or runs) to estimate a variance from
    Constant,     // no variance between units but the sides differ: constants say nothing about noise
    ZeroBase,     // the base's mean is 0: no percentage
    BadValue,     // a value is non-finite or too large to square (|x| > kMaxTrustedValue)
};

// Values beyond this are refused: their squares overflow a double, and no
// benchmark measures anything this large (1e150).
inline constexpr double kMaxTrustedValue = 1e150;
bool trustedValue(double x);

// The change of `now` against `base`, in percent of base's mean.
struct ChangeEstimate {
    double changePct = 0;            // mean(now) / mean(base) - 1
    double lowPct = 0, highPct = 0;  // the interval; NaN when there is none
    double sePct = 0;                // standard error of the change; NaN when there is none
    double df = 0;                   // its degrees of freedom (Welch-Satterthwaite); 0 when there is none
    std::size_t baseN = 0, nowN = 0; // units on each side
    double baseMean = 0, nowMean = 0;
    double baseSd = 0, nowSd = 0;    // sample stddev of the units (NaN for one)
    bool pooled = false;             // one side had one unit: the other side's variance stands for both
    NoInterval gap = NoInterval::None;
    bool hasInterval() const { return df > 0; }
};
// confidence: two-sided, e.g. 0.95, or 1 - 0.05/m for a family of m metrics.
// Equal constants give the exact interval [0, 0].
ChangeEstimate estimateChange(const std::vector<double>& base, const std::vector<double>& now, double confidence);

// The smallest |change| (percent) the same design detects with `power`
// probability at two-sided level alpha: (t(1-alpha/2) + t(power)) * se.
// NaN without an interval.
double detectableChangePct(const ChangeEstimate& e, double alpha, double power);

// Units per run (the base side made of baseRuns runs of that many units, 2
// for A/B/A's A1 and A2) that settle a metric: (t(1-alpha/2) + t((1+power)/2))
// * se <= thresholdPct, so a threshold-sized change is detected and, when there
// is no change, "no change" is claimed, each with probability >= power. The
// variances are not taken as known: each is its upper kVarianceBoundLevel
// confidence bound given the units it was estimated from, so a rerun with the
// answer still settles the metric when the first estimate was low. Found by
// bisection on n (the need falls as n grows). nullopt when the variance is
// unknown or more than maxUnits would be needed.
inline constexpr double kVarianceBoundLevel = 0.75;
std::optional<std::size_t> unitsToDetect(const ChangeEstimate& e, std::size_t baseRuns, double thresholdPct,
                                         double alpha, double power, std::size_t maxUnits = 1000);

}  // namespace mmtp::compare
