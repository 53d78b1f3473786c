// Large subselections drawn from their sampling distribution
// (stats/subselection_sampling.hpp) against the exact draws: the same
// estimator within its own Monte-Carlo noise on skewed latency-like data at
// the switch size, and the exact draws kept where the shape forbids.
#include "stats/subselection.hpp"
#include "stats/subselection_sampling.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace mmtp::compare;

namespace {

// Latency-like: a lognormal body (sigma 0.5) around 1000 us, and a fraction
// of the samples (a slow path, long stalls) 5-20 times that.
std::vector<double> latencies(std::size_t n, std::uint64_t seed, double slow) {
    SplitMix64 rng{seed};
    std::vector<double> v(n);
    for (double& x : v) {
        x = std::floor(1000 * std::exp(0.5 * standardNormal(rng)));
        if (rng.open01() < slow) x *= 5 + 15 * rng.open01();
    }
    return v;
}

struct Spread {
    double mean = 0, sd = 0;
};
Spread spreadOf(const std::vector<double>& v) {
    Spread s;
    for (double x : v) s.mean += x;
    s.mean /= static_cast<double>(v.size());
    for (double x : v) s.sd += (x - s.mean) * (x - s.mean);
    s.sd = std::sqrt(s.sd / static_cast<double>(v.size() - 1));
    return s;
}

// The median of 1000 draws of a statistic with sd sigma scatters by
// sqrt(pi / 2) / sqrt(1000) sigma.
double medianNoise(double sigma) { return std::sqrt(std::acos(-1.0) / 2 / 1000) * sigma; }

// Both routes on `replicas` independent sets of streams (iteration indices):
// their mean estimates agree within 4 standard errors of the difference, and
// each route's scatter is the estimator's own noise (0.6-1.6 x, about 4
// standard errors of an sd from 16 replicas).
void checkRoutesAgree(const std::vector<double>& x, bool harmonic, int replicas) {
    const std::size_t len = static_cast<std::size_t>(0.8 * static_cast<double>(x.size()));
    std::vector<double> y = x;
    if (harmonic)
        for (double& v : y) v = 1 / v;
    MeanSampling means = meanSampling(y, len);
    double meanOfX = 0;
    for (double v : x) meanOfX += v;
    meanOfX /= static_cast<double>(x.size());
    std::vector<double> d = x;
    for (double& v : d) v -= meanOfX;
    VarianceSampling variances = varianceSampling(d, len);
    REQUIRE(means.fits());  // else the data do not test the route Auto would take
    REQUIRE(variances.fits());

    std::vector<double> exactMedian, sampledMedian, exactVariance, sampledVariance;
    for (int r = 0; r < replicas; r++) {
        auto iteration = static_cast<std::size_t>(r);
        IterationEstimate exact = subselectionIteration(x, iteration, harmonic, SubselectionRoute::Exact);
        IterationEstimate sampled = subselectionIteration(x, iteration, harmonic, SubselectionRoute::Sampled);
        exactMedian.push_back(exact.median);
        sampledMedian.push_back(sampled.median);
        exactVariance.push_back(exact.variance);
        sampledVariance.push_back(sampled.variance);
    }
    // A harmonic median is 1 / (median of the reciprocals' means): its sd is
    // sd / mean^2 of theirs.
    double meanSigma = harmonic ? means.sd / (means.mean * means.mean) : means.sd;
    double noise[2] = {medianNoise(meanSigma), medianNoise(variances.squares.sd)};
    const std::vector<double>* routes[2][2] = {{&exactMedian, &sampledMedian}, {&exactVariance, &sampledVariance}};
    for (int phase = 0; phase < 2; phase++) {
        Spread exact = spreadOf(*routes[phase][0]), sampled = spreadOf(*routes[phase][1]);
        INFO("phase " << phase << (harmonic ? " (harmonic)" : "") << ": exact " << exact.mean << " +- " << exact.sd
                      << ", sampled " << sampled.mean << " +- " << sampled.sd << ", noise " << noise[phase]);
        CHECK(std::abs(exact.mean - sampled.mean) <= 4 * noise[phase] * std::sqrt(2.0 / replicas));
        CHECK(exact.sd >= 0.6 * noise[phase]);
        CHECK(exact.sd <= 1.6 * noise[phase]);
        CHECK(sampled.sd >= 0.6 * noise[phase]);
        CHECK(sampled.sd <= 1.6 * noise[phase]);
    }
}

}  // namespace

TEST_CASE("the sampling distribution of a mean: its moments from the sample's", "[compare][stats][subselection]") {
    // {0, 0, 0, 1}: mean 1/4, c2 3/16, c3 3/32, c4 21/256; subselections of 100.
    MeanSampling s = meanSampling({0, 0, 0, 1}, 100);
    CHECK(s.mean == Approx(0.25));
    CHECK(s.sd == Approx(std::sqrt(3.0 / 16 / 100)));
    CHECK(s.skewness == Approx((3.0 / 32) / std::pow(3.0 / 16, 1.5) / 10));
    CHECK(s.kurtosis == Approx(((21.0 / 256) / (9.0 / 256) - 3) / 100));
    // The Cornish-Fisher median sits below the mean of a right-skewed statistic.
    CHECK(s.at(0) == Approx(0.25 - s.sd * s.skewness / 6));
    CHECK(meanSampling({7, 7, 7}, 2).at(1.5) == 7);  // constant values: no spread, no shape
}

TEST_CASE("both routes give the same estimate within its noise at the switch size", "[compare][stats][subselection]") {
    // 10 % slow: as skewed as the variance route accepts at this size (the
    // subselection variance's skewness 0.13, kurtosis 0.03).
    std::vector<double> x = latencies(kSamplingRouteSize, 19, 0.1);
    SECTION("arithmetic") { checkRoutesAgree(x, false, 16); }
    SECTION("harmonic") { checkRoutesAgree(x, true, 16); }
}

TEST_CASE("the route taken: sampled for large well-shaped samples, exact otherwise", "[compare][stats][subselection]") {
    auto same = [](IterationEstimate a, IterationEstimate b) { return a.median == b.median && a.variance == b.variance; };
    std::vector<double> large = latencies(10 * kSamplingRouteSize, 7, 0.01);
    CHECK(same(subselectionIteration(large, 0, false, SubselectionRoute::Auto),
               subselectionIteration(large, 0, false, SubselectionRoute::Sampled)));
    std::vector<double> small = latencies(kSamplingRouteSize - 1, 7, 0.01);
    CHECK(same(subselectionIteration(small, 0, false, SubselectionRoute::Auto),
               subselectionIteration(small, 0, false, SubselectionRoute::Exact)));
    // 1 % stalls in 20000 samples: the mean is shaped well enough (skewness
    // 0.12), the variance not (0.32), so each phase takes its own route.
    std::vector<double> stalled = latencies(kSamplingRouteSize, 19, 0.01);
    IterationEstimate mixed = subselectionIteration(stalled, 0, false, SubselectionRoute::Auto);
    CHECK(mixed.median == subselectionIteration(stalled, 0, false, SubselectionRoute::Sampled).median);
    CHECK(mixed.variance == subselectionIteration(stalled, 0, false, SubselectionRoute::Exact).variance);

    // Three stalls among 20000 equal samples: a subselection holds 0, 1, 2...
    // of them (a discrete spread, not a normal one), so the draws stay exact.
    std::vector<double> stalls(kSamplingRouteSize, 100.0);
    stalls[10] = stalls[5000] = stalls[15000] = 1e6;
    CHECK_FALSE(meanSampling(stalls, stalls.size() * 4 / 5).fits());
    CHECK(same(subselectionIteration(stalls, 0, false, SubselectionRoute::Auto),
               subselectionIteration(stalls, 0, false, SubselectionRoute::Exact)));
}
