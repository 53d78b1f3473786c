#include <catch2/catch.hpp>

#include "stats/significance_tests.hpp"

#include <cmath>

using namespace mmtp::compare;

// Expected figures from R 4.2: t.test(a, b) and p.adjust(p, "holm").
TEST_CASE("Welch's t-test gives R's t, df and two-sided p", "[compare][stats][significance]") {
    WelchResult r = welchTTest({10.1, 9.8, 10.4, 10.0, 9.9}, {10.9, 11.2, 10.7, 11.0});
    CHECK(r.t == Approx(-6.21579285939593).epsilon(1e-10));
    CHECK(r.df == Approx(6.83507285030969).epsilon(1e-10));
    CHECK(r.p == Approx(0.000482086490954775).epsilon(1e-8));
    CHECK(welchTTest({1, 2, 3}, {1.5, 2.5, 3.5, 4.5, 5.5, 6.5}).p == Approx(0.0762702443137422).epsilon(1e-8));
}

TEST_CASE("Welch's t-test is untestable with one sample or no variance", "[compare][stats][significance]") {
    CHECK(std::isnan(welchTTest({1.0}, {2.0, 3.0}).p));
    CHECK(std::isnan(welchTTest({5, 5, 5}, {5, 5}).p));
}

TEST_CASE("Holm's adjustment matches R's p.adjust, skipping NaN", "[compare][stats][significance]") {
    std::vector<double> adj = holmAdjust({0.01, 0.04, 0.03, 0.005, NAN, 0.5});
    REQUIRE(adj.size() == 6);
    CHECK(adj[0] == Approx(0.04));
    CHECK(adj[1] == Approx(0.09));
    CHECK(adj[2] == Approx(0.09));
    CHECK(adj[3] == Approx(0.025));
    CHECK(std::isnan(adj[4]));
    CHECK(adj[5] == Approx(0.5));
}
