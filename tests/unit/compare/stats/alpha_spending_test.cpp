// The looks' error budget: O'Brien-Fleming-type spending, tiny for early
// looks, most of it kept for the last, and the exact group-sequential
// boundaries that spend it: together the looks stop under the null with
// probability alpha, each look at a nominal level above its share.
#include "stats/alpha_spending.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace mmtp;

TEST_CASE("O'Brien-Fleming spending: 0 at the start, alpha at the end, growing", "[alpha-spending]") {
    CHECK(obrienFlemingSpent(0, 0.05) == 0);
    CHECK(obrienFlemingSpent(1, 0.05) == Approx(0.05));
    // Lan-DeMets' values for alpha 0.05 (two-sided): t = 0.5 spends 0.0056.
    CHECK(obrienFlemingSpent(0.5, 0.05) == Approx(0.00557).epsilon(0.01));
    CHECK(obrienFlemingSpent(0.2, 0.05) < 1e-4);
    for (int k = 1; k < 10; ++k) CHECK(obrienFlemingSpent(k / 10.0, 0.05) < obrienFlemingSpent((k + 1) / 10.0, 0.05));
}

TEST_CASE("the first boundary spends exactly the first share; later ones lie below Bonferroni's", "[alpha-spending]") {
    std::vector<double> c = groupSequentialBounds({0.2, 0.4, 0.6, 0.8, 1.0}, 0.05);
    REQUIRE(c.size() == 5);
    // Look 1 alone: 2 (1 - Phi(c1)) = alpha(0.2), so c1 = z(0.975) / sqrt(0.2)
    CHECK(c[0] == Approx(1.959964 / std::sqrt(0.2)).epsilon(1e-4));
    for (std::size_t k = 1; k < 5; ++k) {
        CHECK(c[k] < c[k - 1]);
        // a look at its share alone (Bonferroni) would need a higher boundary
        const double share = obrienFlemingSpent(0.2 * double(k + 1), 0.05) - obrienFlemingSpent(0.2 * double(k), 0.05);
        CHECK(std::erfc(c[k] / std::sqrt(2.0)) > share);
    }
}

TEST_CASE("the looks stop a null Brownian motion with probability alpha", "[alpha-spending]") {
    // Looks at 2..10 boots of a budget of 10: Z_k = S(t_k) / sqrt(t_k).
    std::vector<double> t;
    for (int r = 2; r <= 10; ++r) t.push_back(r / 10.0);
    std::vector<double> c = groupSequentialBounds(t, 0.05);
    std::mt19937_64 rng(5);
    std::normal_distribution<double> normal;
    const int paths = 200000;
    int stopped = 0;
    for (int p = 0; p < paths; ++p) {
        double s = 0, before = 0;
        for (std::size_t k = 0; k < t.size(); ++k) {
            s += std::sqrt(t[k] - before) * normal(rng);
            before = t[k];
            if (std::fabs(s / std::sqrt(t[k])) >= c[k]) {
                ++stopped;
                break;
            }
        }
    }
    CHECK(stopped / double(paths) == Approx(0.05).margin(0.0025));  // 5 standard errors
}

TEST_CASE("each look's nominal level is above its Bonferroni share, the last near 0.034 of nine", "[alpha-spending]") {
    double shares = 0;
    for (int r = 2; r <= 10; ++r) shares += lookAlpha(r, 2, 10, 0.05);
    CHECK(shares > 0.05);  // the nominal levels overlap: their sum is no error rate
    CHECK(lookAlpha(2, 2, 10, 0.05) < lookAlpha(3, 2, 10, 0.05));
    CHECK(lookAlpha(10, 2, 10, 0.05) > obrienFlemingSpent(1, 0.05) - obrienFlemingSpent(0.9, 0.05));
    CHECK(lookAlpha(10, 2, 10, 0.05) == Approx(0.034).margin(0.003));
    CHECK(lookAlpha(1, 2, 10, 0.05) == 0);   // before the first look
    CHECK(lookAlpha(11, 2, 10, 0.05) == 0);  // beyond the budget
    // "No change"'s two one-sided tests: the repeated 90 % intervals' level, halved
    CHECK(lookEquivalenceAlpha(10, 2, 10, 0.05) == Approx(lookAlpha(10, 2, 10, 0.1) / 2));
    CHECK(lookEquivalenceAlpha(10, 2, 10, 0.05) > 0.025);
}
