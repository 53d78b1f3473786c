// The verdict engine's statistics against values computed by hand (t
// quantiles from tables: t(0.975, 4) = 2.776445, t(0.8, 4) = 0.940965,
// t(0.975, 1) = 12.706205).
#include "stats/iteration_inference.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace mmtp::compare;

TEST_CASE("an iteration's samples count once, as their mean", "[compare][stats][verdict]") {
    std::vector<IterationSamples> its{{{1, 2, 3}, {10, 20, 30}}, {{}, {}}, {{1}, {5}}};
    std::vector<double> means = iterationMeans(its);
    REQUIRE(means.size() == 2);  // the empty iteration is left out
    CHECK(means[0] == Approx(20));
    CHECK(means[1] == Approx(5));
}

TEST_CASE("the change's interval is Student's over iteration means", "[compare][stats][verdict]") {
    // base 9, 10, 11 (mean 10, var 1); now 11, 12, 13 (mean 12, var 1):
    // se = sqrt(1/3 + 1/3) = 0.816497 = 8.16497 % of 10, df = 4.
    ChangeEstimate e = estimateChange({9, 10, 11}, {11, 12, 13}, 0.95);
    CHECK(e.changePct == Approx(20));
    CHECK(e.sePct == Approx(8.164966).epsilon(1e-6));
    CHECK(e.df == Approx(4));
    CHECK(e.lowPct == Approx(20 - 2.776445 * 8.164966).epsilon(1e-5));
    CHECK(e.highPct == Approx(20 + 2.776445 * 8.164966).epsilon(1e-5));
    CHECK_FALSE(e.pooled);
    // unequal variances are pooled: base var 1 (2 df), now 4, 6, 8 var 4 (2 df):
    // sp2 = 2.5, se = sqrt(2.5 * 2/3) = 1.290994 = 12.90994 % of 10
    ChangeEstimate u = estimateChange({9, 10, 11}, {4, 6, 8}, 0.95);
    CHECK(u.df == Approx(4));
    CHECK(u.sePct == Approx(12.90994).epsilon(1e-6));
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
    CHECK_FALSE(iterationsToDetect(e, 1, 5, 0.05, 0.8));
}

TEST_CASE("iterations without variance give no interval unless nothing changed", "[compare][stats][verdict]") {
    // a quantised minimum latency: constant on each side says nothing about its noise
    CHECK_FALSE(estimateChange({10, 10}, {9, 9}, 0.95).hasInterval());
    CHECK_FALSE(estimateChange({0.08, 0.08}, {0.1}, 0.95).hasInterval());  // borrowed variance 0
    ChangeEstimate same = estimateChange({10, 10}, {10, 10}, 0.95);
    CHECK(same.hasInterval());
    CHECK(same.lowPct == 0);
    CHECK(same.highPct == 0);
}

TEST_CASE("the iterations that settle a threshold-sized change", "[compare][stats][verdict]") {
    // sd 1 on both sides around 10: se(n) = sqrt(2/n) * 10 %, df 2n - 2; power 0.8 uses t(0.9).
    // n = 22: (2.018082 + 1.302040) * 3.015113 = 10.01 > 10; n = 23: (2.015368 + 1.301143) * 2.948839 = 9.78.
    ChangeEstimate e = estimateChange({9, 10, 11}, {9, 10, 11}, 0.95);
    REQUIRE(iterationsToDetect(e, 1, 10, 0.05, 0.8));
    CHECK(*iterationsToDetect(e, 1, 10, 0.05, 0.8) == 23);
    // A/B/A: the base side is two runs of n iterations, fewer per run suffice
    CHECK(*iterationsToDetect(e, 2, 10, 0.05, 0.8) < 23);
    CHECK_FALSE(iterationsToDetect(e, 1, 0.01, 0.05, 0.8, 50));  // beyond the limit
}
