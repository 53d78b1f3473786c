// subselection_sampling.hpp - a large subselection's mean and variance drawn
// from their sampling distribution, instead of from len samples each.
//
// A subselection is len draws with replacement from an iteration's n samples,
// so its mean is the mean of len independent draws from the sample's own
// (empirical) distribution, whose moments we know exactly: mean mu, central
// moments c2, c3, c4. The subselection mean then has mean mu, standard
// deviation sd = sqrt(c2 / len), skewness g = (c3 / c2^1.5) / sqrt(len) and
// excess kurtosis k = (c4 / c2^2 - 3) / len. Its quantile at a standard
// normal z is, by the Cornish-Fisher expansion of the central limit theorem,
//     mu + sd * (z + g (z^2 - 1) / 6 + O(k, g^2))
// and the O(k, g^2) terms vanish at z = 0: at the median, which is all the
// estimator keeps, the first error is of order g^3, g k and the fifth
// cumulant, O(len^-3/2). We draw 1000 such values (z from the stream's
// uniforms through the normal quantile) and take their median, as the exact
// route does with 1000 real subselections.
//
// Why its error is far below the estimator's own noise: the median of 1000
// subselection means scatters by sqrt(pi / 2) / sqrt(1000) = 0.040 sd from
// one set of draws to the next (MMTests' Python, unseeded, shows it on every
// run). The route is taken only where |g| <= 0.25 and |k| <= 0.0625
// (kMaxSkewness, kMaxKurtosis); there the neglected terms (17 g^3 / 324,
// g k / 12, and the fifth cumulant / 40, of the size g^3 for the tails of
// latencies) add up to at most about 0.003 sd, over ten times less. Where a
// few extreme samples dominate (they are drawn 0, 1, 2... times: a discrete,
// not a normal, spread), g or k is large and the exact draws are kept.
//
// A subselection's variance, mean(d^2) - mean(d)^2 with d = x - mean(x), is
// drawn the same way: mean(d^2) from its own mu, sd, g and k, and mean(d)
// jointly normal with it (correlation c3 / sqrt(c2 (c4 - c2^2)) of d and
// d^2). mean(d)^2 is sd_d^2 = c2 / len in size, itself O(len^-1/2) of the
// spread of mean(d^2), so its own shape does not matter.
#pragma once
#include <cstddef>
#include <vector>

#include "stats/splitmix64.hpp"

namespace mmtp::compare {

// Below this many samples in an iteration the exact draws are cheap enough
// (under 2 x 16M draws) and are always used.
inline constexpr std::size_t kSamplingRouteSize = 20000;
inline constexpr double kMaxSkewness = 0.25;
inline constexpr double kMaxKurtosis = 0.0625;

// The sampling distribution of the mean of len draws from some values.
struct MeanSampling {
    double mean = 0, sd = 0, skewness = 0, kurtosis = 0;
    // Whether the Cornish-Fisher draw is accurate (see above): finite
    // moments, |skewness| and |kurtosis| within bounds.
    bool fits() const;
    // The value at standard normal quantile z.
    double at(double z) const;
};

MeanSampling meanSampling(const std::vector<double>& values, std::size_t len);

// Of the variance of len draws from d (deviations from the sample's mean).
struct VarianceSampling {
    MeanSampling squares;     // of mean(d^2)
    double meanSd = 0;        // the sd of mean(d)
    double correlation = 0;   // of mean(d) and mean(d^2)
    bool fits() const { return squares.fits(); }
};

VarianceSampling varianceSampling(const std::vector<double>& deviations, std::size_t len);

// A standard normal number from rng: the normal quantile of a uniform.
double standardNormal(SplitMix64& rng);

// count subselection means (phase 0) or variances (phase 1) drawn from their
// sampling distribution, from one stream.
std::vector<double> sampledMeans(const MeanSampling& s, int count, SplitMix64 rng);
std::vector<double> sampledVariances(const VarianceSampling& s, int count, SplitMix64 rng);

}  // namespace mmtp::compare
