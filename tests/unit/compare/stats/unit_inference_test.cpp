// The verdict engine's statistics against values computed by hand (t
// quantiles from tables: t(0.975, 4) = 2.776445, t(0.8, 4) = 0.940965,
// t(0.975, 1) = 12.706205). The inputs are unit values (one per boot).
#include "stats/unit_inference.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace mmtp::compare;

TEST_CASE("an iteration's samples count once, as their mean", "[compare][stats][verdict]") {
    std::vector<IterationSamples> its{{{1, 2, 3}, {10, 20, 30}}, {{}, {}}, {{1}, {5}}};
    std::vector<double> means = iterationMeans(its);
    REQUIRE(means.size() == 2);  // the empty iteration is left out
    CHECK(means[0] == Approx(20));
    CHECK(means[1] == Approx(5));
}

TEST_CASE("the change's interval is Welch's over unit values", "[compare][stats][verdict]") {
    // base 9, 10, 11 (mean 10, var 1); now 11, 12, 13 (mean 12, var 1):
    // se = sqrt(1/3 + 1/3) = 0.816497 = 8.16497 % of 10, df = 4.
    ChangeEstimate e = estimateChange({9, 10, 11}, {11, 12, 13}, 0.95);
    CHECK(e.changePct == Approx(20));
    CHECK(e.sePct == Approx(8.164966).epsilon(1e-6));
    CHECK(e.df == Approx(4));
    CHECK(e.lowPct == Approx(20 - 2.776445 * 8.164966).epsilon(1e-5));
    CHECK(e.highPct == Approx(20 + 2.776445 * 8.164966).epsilon(1e-5));
    CHECK_FALSE(e.pooled);
    // unequal variances, equal sizes: pooled and Welch's errors agree (se =
    // sqrt(1/3 + 4/3) = 1.290994); the pooled one's 4 df are kept
    ChangeEstimate u = estimateChange({9, 10, 11}, {4, 6, 8}, 0.95);
    CHECK(u.df == Approx(4));
    CHECK(u.sePct == Approx(12.90994).epsilon(1e-6));
    // the side with fewer units is the noisier (a noisier B against A1+A2):
    // pooled would give sqrt(3.8 * (1/9 + 1/3)) = 1.2995; Welch's is wider,
    // sqrt(0.75/9 + 16/3) = 2.327373, with (5.416667^2) / ((0.083333^2)/8 + (5.333333^2)/2) = 2.0626 df
    std::vector<double> calm{9, 10, 11, 9, 10, 11, 9, 10, 11}, noisy{6, 10, 14};
    ChangeEstimate welch = estimateChange(calm, noisy, 0.95);
    CHECK(welch.sePct == Approx(23.27373).epsilon(1e-5));
    CHECK(welch.df == Approx(2.0626).epsilon(1e-3));
    // the side with more units is the noisier (var 12 over 9 against var 1 over 3): the pooled
    // error, sqrt(9.8 * (1/9 + 1/3)) = 2.086997, is the wider (conservative), with its 10 df
    ChangeEstimate pooled = estimateChange({6, 14, 6, 14, 6, 14, 10, 10, 10}, {9, 10, 11}, 0.95);
    CHECK(pooled.sePct == Approx(20.86997).epsilon(1e-5));
    CHECK(pooled.df == Approx(10));
    // the smallest change detectable at alpha 0.05 with power 0.8
    CHECK(detectableChangePct(e, 0.05, 0.8) == Approx((2.776445 + 0.940965) * 8.164966).epsilon(1e-5));
}

TEST_CASE("one iteration on a side borrows the other side's variance", "[compare][stats][verdict]") {
    // base 10, 12 (var 2); now 14 alone: se = sqrt(2 * (1/2 + 1)) = sqrt(3), df = 1.
    ChangeEstimate e = estimateChange({10, 12}, {14}, 0.95);
    CHECK(e.pooled);
    CHECK(e.df == Approx(1));
    CHECK(e.changePct == Approx(300.0 / 11));
    CHECK(e.sePct == Approx(std::sqrt(3.0) / 11 * 100));
    CHECK(e.highPct - e.changePct == Approx(12.706205 * std::sqrt(3.0) / 11 * 100).epsilon(1e-5));
}

TEST_CASE("one iteration on each side has no interval", "[compare][stats][verdict]") {
    ChangeEstimate e = estimateChange({10}, {11}, 0.95);
    CHECK(e.changePct == Approx(10));
    CHECK_FALSE(e.hasInterval());
    CHECK(std::isnan(e.lowPct));
    CHECK(std::isnan(detectableChangePct(e, 0.05, 0.8)));
    CHECK(e.gap == NoInterval::OneUnitEach);
    CHECK_FALSE(unitsToDetect(e, 1, 5, 0.05, 0.8));
}

TEST_CASE("iterations without variance give no interval unless nothing changed", "[compare][stats][verdict]") {
    // a quantised minimum latency: constant on each side says nothing about its noise
    CHECK_FALSE(estimateChange({10, 10}, {9, 9}, 0.95).hasInterval());
    CHECK(estimateChange({10, 10}, {9, 9}, 0.95).gap == NoInterval::Constant);
    CHECK_FALSE(estimateChange({0.08, 0.08}, {0.1}, 0.95).hasInterval());  // borrowed variance 0
    ChangeEstimate same = estimateChange({10, 10}, {10, 10}, 0.95);
    CHECK(same.hasInterval());
    CHECK(same.lowPct == 0);
    CHECK(same.highPct == 0);
}

TEST_CASE("the units that settle a threshold-sized change allow for the variance's own uncertainty",
          "[compare][stats][verdict]") {
    // sd 1 on both sides around 10: with the variance taken as known, n = 23
    // (n = 22: (2.018082 + 1.302040) * 3.015113 = 10.01 > 10; n = 23: 9.78).
    // Estimated from 3 units (2 df) it is raised to its 75 % upper bound
    // (x 2 / chi2(0.25, 2) = x 3.476), so more units are asked for.
    ChangeEstimate e = estimateChange({9, 10, 11}, {9, 10, 11}, 0.95);
    std::optional<std::size_t> n = unitsToDetect(e, 1, 10, 0.05, 0.8);
    REQUIRE(n);
    CHECK(*n > 23);
    CHECK(*n < 23 * 4);
    // from more units the bound is tighter, and the answer nearer 23
    std::vector<double> many;
    for (int i = 0; i < 30; ++i) many.push_back(i % 2 ? 11 : 9);  // sd 1.017
    std::optional<std::size_t> m = unitsToDetect(estimateChange(many, many, 0.95), 1, 10, 0.05, 0.8);
    REQUIRE(m);
    CHECK(*m < *n);
    CHECK(*m >= 23);
    // A/B/A: the base side is two runs of n units, fewer per run suffice
    CHECK(*unitsToDetect(e, 2, 10, 0.05, 0.8) < *n);
    CHECK_FALSE(unitsToDetect(e, 1, 0.01, 0.05, 0.8, 50));  // beyond the limit
}

TEST_CASE("non-finite or overflowing values give no interval, never a change", "[compare][stats][verdict]") {
    const double inf = std::numeric_limits<double>::infinity();
    for (double bad : {inf, -inf, 1e308, -1e200, std::nan("")}) {
        ChangeEstimate e = estimateChange({10, 11, 9}, {10, bad, 9}, 0.95);
        CHECK_FALSE(e.hasInterval());
        CHECK(e.gap == NoInterval::BadValue);
        CHECK(std::isnan(e.changePct));
    }
    CHECK(estimateChange({0, 0, 0}, {1, 2, 1}, 0.95).gap == NoInterval::ZeroBase);
}
