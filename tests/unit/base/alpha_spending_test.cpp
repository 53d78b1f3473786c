// The looks' error budget: O'Brien-Fleming-type shares that add up to the
// family alpha, tiny for early looks, most of it kept for the last.
#include "base/alpha_spending.hpp"

#include <catch2/catch.hpp>

using namespace mmtp;

TEST_CASE("O'Brien-Fleming spending: 0 at the start, alpha at the end, growing", "[alpha-spending]") {
    CHECK(obrienFlemingSpent(0, 0.05) == 0);
    CHECK(obrienFlemingSpent(1, 0.05) == Approx(0.05));
    // Lan-DeMets' values for alpha 0.05 (two-sided): t = 0.5 spends 0.0056.
    CHECK(obrienFlemingSpent(0.5, 0.05) == Approx(0.00557).epsilon(0.01));
    CHECK(obrienFlemingSpent(0.2, 0.05) < 1e-4);
    for (int k = 1; k < 10; ++k) CHECK(obrienFlemingSpent(k / 10.0, 0.05) < obrienFlemingSpent((k + 1) / 10.0, 0.05));
}

TEST_CASE("the looks' shares add up to alpha and the first look spends least", "[alpha-spending]") {
    for (int last : {2, 3, 10, 40}) {
        double sum = 0;
        for (int r = 2; r <= last; ++r) sum += lookAlpha(r, 2, last, 0.05);
        CHECK(sum == Approx(0.05));
    }
    CHECK(lookAlpha(2, 2, 10, 0.05) < lookAlpha(3, 2, 10, 0.05));
    CHECK(lookAlpha(10, 2, 10, 0.05) > 0.01);
    CHECK(lookAlpha(1, 2, 10, 0.05) == 0);   // before the first look
    CHECK(lookAlpha(11, 2, 10, 0.05) == 0);  // beyond the budget
}
