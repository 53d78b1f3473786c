// git bisect with references: a candidate is good or bad by the side of the
// midpoint its interval lies on, unsure only when it straddles it.
#include "stats/bisect_position.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace mmtp::compare;

namespace {
const std::vector<double> kGood{100, 101, 99, 100.5, 99.5}, kBad{90, 91, 89, 90.5, 89.5};
}

TEST_CASE("a candidate at either reference is placed on its side", "[compare][tables][bisect]") {
    BisectPosition atGood = placeCandidate({"op", kGood, kBad, {100.2, 99.8, 100.4}}, 0.95);
    CHECK(atGood.effectPct == Approx(-10));
    CHECK(atGood.position == Approx(-0.0133).margin(0.001));
    CHECK(atGood.high < 0.5);
    CHECK(atGood.side == BisectSide::Good);
    BisectPosition atBad = placeCandidate({"op", kGood, kBad, {90.2, 89.8, 90.4}}, 0.95);
    CHECK(atBad.low > 0.5);
    CHECK(atBad.side == BisectSide::Bad);
}

TEST_CASE("a candidate halfway straddles the midpoint and says what would settle it", "[compare][tables][bisect]") {
    BisectPosition half = placeCandidate({"op", kGood, kBad, {95.5, 94.0}}, 0.95);
    CHECK(half.side == BisectSide::Unsure);
    CHECK(half.low < 0.5);
    CHECK(half.high > 0.5);
}

TEST_CASE("a candidate of one unit borrows the references' variance", "[compare][tables][bisect]") {
    BisectPosition one = placeCandidate({"op", kGood, kBad, {100.1}}, 0.95);
    CHECK(!one.referencesAgree);
    CHECK(one.noInterval == NoInterval::None);
    CHECK(one.side == BisectSide::Good);
}

TEST_CASE("references that do not differ, bad values and missing units decide nothing", "[compare][tables][bisect]") {
    BisectPosition same = placeCandidate({"op", kGood, {100, 101, 99.5, 100.2}, {100}}, 0.95);
    CHECK(same.referencesAgree);
    CHECK(same.side == BisectSide::Unsure);
    BisectPosition inf = placeCandidate({"op", kGood, kBad, {std::numeric_limits<double>::infinity(), 100}}, 0.95);
    CHECK(inf.noInterval == NoInterval::BadValue);
    CHECK(inf.side == BisectSide::Unsure);
    BisectPosition none = placeCandidate({"op", {100}, {90}, {95}}, 0.95);
    CHECK(none.noInterval == NoInterval::OneUnitEach);
    CHECK(none.side == BisectSide::Unsure);
}

TEST_CASE("the position's interval is Fieller's: its ends solve the ratio's quadratic", "[compare][tables][bisect]") {
    // Runs as units; one run-to-run variance pooled over the three groups
    const std::vector<double> good{100, 102, 98, 101, 99}, bad{94, 96, 92, 95, 93}, cand{97.5, 96.5, 98};
    BisectPosition p = placeCandidate({"op", good, bad, cand}, 0.9);
    REQUIRE(std::isfinite(p.low));
    const double s2 = (2.5 * 4 + 2.5 * 4 + 0.5833333 * 2) / 10;  // the groups' variances pooled, df 10
    const double t = 1.812461;                                   // t(0.95, 10)
    const double num = 97.333333 - 100, den = 94 - 100;
    for (double th : {p.low, p.high}) {
        const double lhs = (num - th * den) * (num - th * den);
        const double rhs = t * t * s2 * ((1.0 / 3 + 1.0 / 5) - 2 * th / 5 + th * th * (1.0 / 5 + 1.0 / 5));
        CHECK(lhs == Approx(rhs).epsilon(1e-4));
    }
    CHECK(p.low < p.position);
    CHECK(p.position < p.high);
    // A noisy denominator stretches the far end: the interval is not symmetric about the point
    CHECK((p.high - p.position) != Approx(p.position - p.low).epsilon(0.01));
}

TEST_CASE("an anchor rerun beside the candidate places it against that step's good runs", "[compare][tables][bisect]") {
    // The machine moved +6 % since the references (more than half the 10 % effect):
    // a good candidate at 106 is placed against the anchor at 106, not against good at 100
    const std::vector<double> anchor{106.2, 105.8, 106.4, 105.6};
    BisectPosition good = placeCandidate({"op", kGood, kBad, {106.1, 105.9, 106.3}, anchor}, 0.95);
    CHECK(good.side == BisectSide::Good);
    CHECK(std::fabs(good.position) < 0.1);
    CHECK_FALSE(good.anchorMoved);
    // The effect carried over in proportion: 10 % below 106 is position 1, not 1.06
    BisectPosition bad = placeCandidate({"op", kGood, kBad, {95.5, 95.3, 95.4}, anchor}, 0.95);
    CHECK(bad.side == BisectSide::Bad);
    CHECK(bad.position == Approx(1).margin(0.02));
}

TEST_CASE("an anchor shown to have moved by more than the effect is a skip", "[compare][tables][bisect]") {
    // 15 % off the good reference, on a 10 % effect: the machine changed more than the regression hunted
    BisectPosition moved = placeCandidate({"op", kGood, kBad, {115.1, 114.9}, {115.2, 114.8, 115.1}}, 0.95);
    CHECK(moved.anchorMoved);
    CHECK(moved.side == BisectSide::Unsure);
    // 11 % off with an interval reaching below 10 %: not shown, so placed
    BisectPosition near = placeCandidate({"op", kGood, kBad, {111.0, 109.0}, {113.0, 109.0, 111.0}}, 0.95);
    CHECK_FALSE(near.anchorMoved);
}
