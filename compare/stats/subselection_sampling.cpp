#include "stats/subselection_sampling.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>

namespace mmtp::compare {

namespace {

struct Moments {
    double mean = 0, c2 = 0, c3 = 0, c4 = 0;
};

// Two passes (the mean, then the central sums), as exact as doubles allow.
template <typename Value>
Moments momentsOf(const std::vector<double>& x, Value value) {
    Moments m;
    if (x.empty()) return m;
    const double n = static_cast<double>(x.size());
    for (double v : x) m.mean += value(v);
    m.mean /= n;
    for (double v : x) {
        double c = value(v) - m.mean, c2 = c * c;
        m.c2 += c2;
        m.c3 += c2 * c;
        m.c4 += c2 * c2;
    }
    m.c2 /= n;
    m.c3 /= n;
    m.c4 /= n;
    return m;
}

MeanSampling samplingOf(const Moments& m, std::size_t len) {
    const double l = static_cast<double>(len);
    MeanSampling s;
    s.mean = m.mean;
    s.sd = std::sqrt(m.c2 / l);
    if (m.c2 > 0) {  // constant values: every draw is the mean, no shape
        s.skewness = m.c3 / std::pow(m.c2, 1.5) / std::sqrt(l);
        s.kurtosis = (m.c4 / (m.c2 * m.c2) - 3) / l;
    }
    return s;
}

}  // namespace

bool MeanSampling::fits() const {
    // Written so that a NaN anywhere fails.
    return std::isfinite(mean) && std::isfinite(sd) && std::abs(skewness) <= kMaxSkewness &&
           std::abs(kurtosis) <= kMaxKurtosis;
}

double MeanSampling::at(double z) const { return mean + sd * (z + skewness * (z * z - 1) / 6); }

MeanSampling meanSampling(const std::vector<double>& values, std::size_t len) {
    return samplingOf(momentsOf(values, [](double v) { return v; }), len);
}

VarianceSampling varianceSampling(const std::vector<double>& deviations, std::size_t len) {
    Moments d = momentsOf(deviations, [](double v) { return v; });
    Moments squares = momentsOf(deviations, [](double v) { return v * v; });
    VarianceSampling s;
    s.squares = samplingOf(squares, len);
    s.meanSd = std::sqrt(d.c2 / static_cast<double>(len));
    // cov(d, d^2) = E[(d - E d)(d^2 - E d^2)] over the sample.
    double covariance = 0;
    for (double v : deviations) covariance += (v - d.mean) * (v * v - squares.mean);
    covariance /= static_cast<double>(deviations.size());
    double scale = std::sqrt(d.c2 * squares.c2);
    s.correlation = scale > 0 ? std::clamp(covariance / scale, -1.0, 1.0) : 0;
    return s;
}

double standardNormal(SplitMix64& rng) {
    static const boost::math::normal_distribution<double> standard(0.0, 1.0);
    return boost::math::quantile(standard, rng.open01());
}

std::vector<double> sampledMeans(const MeanSampling& s, int count, SplitMix64 rng) {
    std::vector<double> out(static_cast<std::size_t>(count));
    for (double& v : out) v = s.at(standardNormal(rng));
    return out;
}

std::vector<double> sampledVariances(const VarianceSampling& s, int count, SplitMix64 rng) {
    std::vector<double> out(static_cast<std::size_t>(count));
    const double rest = std::sqrt(1 - s.correlation * s.correlation);
    for (double& v : out) {
        double z = standardNormal(rng), other = standardNormal(rng);
        double meanD = s.meanSd * (s.correlation * z + rest * other);
        double variance = s.squares.at(z) - meanD * meanD;
        v = variance < 0 ? 0 : variance;  // as the exact route: rounding, never negative
    }
    return out;
}

}  // namespace mmtp::compare
