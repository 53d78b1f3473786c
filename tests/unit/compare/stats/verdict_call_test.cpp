// The calls: regression/improvement only when the family-wise interval
// excludes zero (and, in A/B/A, clears the drift) and is not inside (-T, T);
// small when it excludes zero inside (-T, T); no change when the metric's
// own 90 % interval is inside +-T.
#include "stats/verdict_call.hpp"
#include "tables/verdict.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace mmtp::compare;

namespace {

MetricInput metric(const std::string& op, std::vector<double> base, std::vector<double> now, bool higher = true) {
    return {op, "", higher, std::move(base), std::move(now), {}, {}, {}};
}

}  // namespace

TEST_CASE("a clear fall in a higher-is-better metric is a regression, a rise an improvement", "[compare][verdict]") {
    CallFamily f = callFamily({metric("rps", {100, 101, 99}, {80, 81, 79}), metric("lat", {100, 101, 99}, {80, 81, 79}, false)},
                              CallSettings{}, 1);
    REQUIRE(f.rows.size() == 2);
    CHECK(f.rows[0].call == Call::Regression);
    CHECK(f.rows[1].call == Call::Improvement);
    CHECK(f.count(Call::Regression) == 1);
}

TEST_CASE("the interval is family-wise: Bonferroni over the metrics with an interval", "[compare][verdict]") {
    CallFamily f = callFamily({metric("a", {9, 10, 11}, {11, 12, 13}), metric("b", {9, 10, 11}, {9, 10, 11}),
                               metric("single", {10}, {11})},
                              CallSettings{}, 1);
    CHECK(f.tested == 2);
    CHECK(f.confidence == Approx(0.975));
    // a alone at 95 % would be [-2.67 %, +42.67 %]; at 97.5 % (t(0.9875, 4) = 3.495406) it is wider
    CHECK(f.rows[0].change.highPct == Approx(20 + 3.495406 * 8.164966).epsilon(1e-5));
    CHECK(f.rows[2].call == Call::Inconclusive);
    CHECK(f.rows[2].why == Undecided::NoInterval);
}

TEST_CASE("no change needs the whole interval inside the threshold", "[compare][verdict]") {
    CallSettings s;
    s.thresholdPct = 5;
    s.perMetric = {{"^wide", 50}};
    CallFamily f = callFamily({metric("tight", {100, 100.2, 99.8}, {100.1, 99.9, 100}),
                               metric("noisy", {90, 100, 110}, {92, 101, 109}), metric("wide", {90, 100, 110}, {92, 101, 109})},
                              s, 1);
    CHECK(f.rows[0].call == Call::NoChange);
    CHECK(f.rows[1].call == Call::Inconclusive);
    CHECK(f.rows[1].why == Undecided::Wide);
    REQUIRE(f.rows[1].unitsNeeded);
    CHECK(*f.rows[1].unitsNeeded > 3);
    CHECK(f.rows[1].detectablePct > 5);
    CHECK(f.rows[2].thresholdPct == 50);  // REGEX=PCT
    CHECK(f.rows[2].call == Call::NoChange);
}

TEST_CASE("an A/B/A call needs its interval, not its point, to clear the A1-A2 drift", "[compare][verdict]") {
    // A1 at 100, A2 at 94: drift 6.1 % of their mean 97; B at 92 is -5.15 %
    // with an interval that excludes 0 but reaches inside the drift; B at 80 clears it.
    MetricInput within{"op", "", true, {100, 100.1, 99.9, 94, 94.1, 93.9}, {92, 92.1, 91.9}, {100.0, 94.0}, {3, 3}, {}};
    MetricInput beyond = within;
    beyond.now = {80, 80.1, 79.9};
    CallFamily f = callFamily({within}, CallSettings{}, 2);
    REQUIRE(f.rows[0].driftPct);
    // less one standard error of the A1-A2 difference that their own units give (pooled sd 0.1, 3 + 3 units)
    CHECK(*f.rows[0].driftPct == Approx((6 - std::sqrt(0.01 * 2 / 3)) / 97.0 * 100));
    CHECK(f.rows[0].change.changePct < -5);
    CHECK(f.rows[0].change.highPct < 0);                         // significant
    CHECK(f.rows[0].change.highPct > -*f.rows[0].driftPct);      // but within the drift
    CHECK(f.rows[0].call == Call::Inconclusive);
    CHECK(f.rows[0].why == Undecided::Drift);
    CHECK(callFamily({beyond}, CallSettings{}, 2).rows[0].call == Call::Regression);
}

TEST_CASE("a significant change inside (-T, T) is small; one that may reach T is a call", "[compare][verdict]") {
    CallSettings s;
    s.thresholdPct = 3;
    // -1.8 % measured precisely: the interval excludes 0 and lies inside (-3 %, 3 %): small
    CallFamily precise = callFamily({metric("op", {100, 100.1, 99.9, 100}, {98.2, 98.3, 98.1, 98.2})}, s, 1);
    REQUIRE(precise.rows[0].change.lowPct > -3);
    CHECK(precise.rows[0].call == Call::Small);
    CHECK(precise.rows[0].confidence == Approx(0.95));
    // -2 % with an interval reaching past -3 %: a threshold-sized fall is in
    // it and 0 is not: the symmetric rule calls it
    CallFamily loose = callFamily({metric("op", {100, 101, 99, 100.5, 99.5}, {98, 99, 97, 98.5, 97.5})}, s, 1);
    REQUIRE(loose.rows[0].change.highPct < 0);
    REQUIRE(loose.rows[0].change.lowPct < -3);
    CHECK(loose.rows[0].call == Call::Regression);
    CallFamily big = callFamily({metric("op", {100, 101, 99, 100.5, 99.5}, {94, 95, 93, 94.5, 93.5})}, s, 1);
    CHECK(big.rows[0].call == Call::Regression);
}

TEST_CASE("no change is each metric's 90 % interval inside +-T, whatever the family's size", "[compare][verdict]") {
    CallSettings s;
    s.thresholdPct = 3;
    // +0.5 % with se ~0.9 %: 90 % (t(0.95, 8) = 1.8595) reaches +-2.2 %, inside 3 %;
    // the family-wise interval over 20 metrics (t(0.99875, 8) = 4.3) would not be
    std::vector<MetricInput> one{metric("op", {98, 99, 100, 101, 102}, {98.5, 99.5, 100.5, 101.5, 102.5})};
    CallFamily f = callFamily(one, s, 1, 20);
    REQUIRE(f.rows[0].call == Call::NoChange);
    CHECK(f.rows[0].confidence == Approx(0.90));
    CHECK(f.equivalenceConfidence == Approx(0.90));
    const ChangeEstimate family = estimateChange(one[0].base, one[0].now, f.confidence);
    CHECK(family.highPct > 3);  // a family-wise interval would have left it inconclusive
    CHECK(f.rows[0].change.highPct == Approx(0.5 + 1.859548 * f.rows[0].change.sePct).epsilon(1e-5));
    CHECK(f.allNoChange());
    // The same metric one step noisier: its 90 % interval reaches past 3 %
    CallFamily wide = callFamily({metric("op", {96, 98, 100, 102, 104}, {96.5, 98.5, 100.5, 102.5, 104.5})}, s, 1, 20);
    CHECK(wide.rows[0].call == Call::Inconclusive);
    CHECK(wide.rows[0].confidence == Approx(1 - 0.05 / 20));
    CHECK(!wide.allNoChange());
}

TEST_CASE("the family can be larger than one comparison's rows", "[compare][verdict]") {
    std::vector<MetricInput> one{metric("a", {9, 10, 11}, {11, 12, 13})};
    CallFamily alone = callFamily(one, CallSettings{}, 1);
    CallFamily inReport = callFamily(one, CallSettings{}, 1, 40);
    CHECK(alone.tested == 1);
    CHECK(inReport.tested == 40);
    CHECK(inReport.confidence == Approx(1 - 0.05 / 40));
    CHECK(inReport.rows[0].change.highPct > alone.rows[0].change.highPct);
}

TEST_CASE("an infinite or overflowing sample never makes a call", "[compare][verdict]") {
    for (double bad : {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(), 1e308}) {
        RunSummary a1, b, a2;
        a1.preferHigher = true;
        for (RunSummary* r : {&a1, &b, &a2})
            for (int it = 0; it < 5; ++it) {
                for (int k = 0; k < 7; ++k)
                    r->extraction.addNumbers("op", k, r == &b && it == 2 && k == 3 ? bad : 100 + it + k * 0.1);
                r->extraction.nextIteration();
            }
        UnitRules rules;
        rules.iterationsAreBoots = true;
        CallFamily f = callFamily({*abaInput(a1, b, a2, "op", rules)}, CallSettings{}, 2);
        CHECK(f.rows[0].call == Call::Inconclusive);
        CHECK(f.rows[0].change.gap == NoInterval::BadValue);
    }
}

TEST_CASE("A/B/A's inputs are unit values: boots, not iterations", "[compare][verdict]") {
    RunSummary a1, b, a2;
    a1.preferHigher = true;
    for (RunSummary* r : {&a1, &b, &a2})
        for (int it = 0; it < 2; ++it) {
            double base = r == &b ? 50 : 100;
            r->extraction.addNumbers("op", 1, base + it);
            r->extraction.addNumbers("op", 2, base + it + 2);  // a sample of the same boot
            r->extraction.nextIteration();
        }
    // No boot records: each run ran its iterations in one boot, one unit
    std::optional<MetricInput> in = abaInput(a1, b, a2, "op");
    REQUIRE(in);
    CHECK(in->higherIsBetter);
    CHECK(in->base == std::vector<double>{101.5, 101.5});
    CHECK(in->now == std::vector<double>{51.5});
    CHECK(in->baselineRunMeans == std::vector<double>{101.5, 101.5});
    CHECK(!abaInput(a1, b, a2, "missing"));
    // --iterations-are-boots: each iteration a unit
    UnitRules each;
    each.iterationsAreBoots = true;
    CHECK(abaInput(a1, b, a2, "op", each)->base == std::vector<double>{101, 102, 101, 102});
    // Recorded boots: iterations of one boot together, of two boots apart
    a1.iterationBoots = {"aa", "aa"};
    a2.iterationBoots = {"bb", "cc"};
    b.iterationBoots = {"dd", "ee"};
    in = abaInput(a1, b, a2, "op");
    CHECK(in->base == std::vector<double>{101.5, 101, 102});
    CHECK(in->now == std::vector<double>{51, 52});
}

TEST_CASE("a single new run whose own iterations vary more than the base's units is inconclusive",
          "[compare][verdict]") {
    // A: five runs, each one unit, within 1 %; B: one run (one boot) whose five
    // iterations spread by 20 %: its own spread says A's variance cannot stand for it
    MetricInput in{"events/sec", "", true, {100, 101, 99, 100.5, 99.5}, {75.5}, {}, {}, {}};
    in.nowOwnSpread = OwnSpread{20.0 * 20.0 / 5, 4};
    CallFamily noisy = callFamily({in}, CallSettings{}, 1);
    CHECK(noisy.rows[0].call == Call::Inconclusive);
    CHECK(noisy.rows[0].why == Undecided::OwnSpread);
    // The same fall from a run whose iterations agree is called
    in.nowOwnSpread = OwnSpread{0.5 * 0.5 / 5, 4};
    CHECK(callFamily({in}, CallSettings{}, 1).rows[0].call == Call::Regression);
}

TEST_CASE("replicatedInput keeps a one-unit new run's own spread", "[compare][verdict]") {
    RunSummary a1, b, a2;
    a1.preferHigher = true;
    for (RunSummary* r : {&a1, &b, &a2})
        for (int it = 0; it < 4; ++it) {
            r->extraction.addNumbers("op", 1, r == &b ? 80 + 10 * it : 100 + it * 0.1);
            r->extraction.nextIteration();
        }
    std::optional<MetricInput> in = abaInput(a1, b, a2, "op");  // no boot records: each run one unit
    REQUIRE(in);
    REQUIRE(in->nowOwnSpread);
    CHECK(in->nowOwnSpread->df == 3);
    CHECK(in->nowOwnSpread->varOfMean == Approx(166.6667 / 4).epsilon(1e-4));  // 80, 90, 100, 110
}

TEST_CASE("A1 and A2 differing by their boots' noise alone leave little drift to clear", "[compare][verdict]") {
    // Five boots each, sd 1: A2 0.8 above A1 is about one standard error of
    // their difference (0.63): the drift to clear is what is left, 0.17 %
    MetricInput in{
        "op",         "",     true, {99, 100, 101, 99.5, 100.5, 99.8, 100.8, 101.8, 100.3, 101.3}, {97, 97.5, 96.5},
        {100, 100.8}, {5, 5}, {}};
    CallFamily f = callFamily({in}, CallSettings{}, 2);
    REQUIRE(f.rows[0].driftPct);
    const double se = std::sqrt(0.625 * 2 / 5);  // pooled within-run variance 0.625
    CHECK(*f.rows[0].driftPct == Approx((0.8 - se) / 100.4 * 100).epsilon(1e-6));
    // One unit per run (MMTests' layout): the whole difference stays the drift
    MetricInput runs{"op", "", true, {100, 100.8}, {97}, {100, 100.8}, {1, 1}, {}};
    CHECK(*callFamily({runs}, CallSettings{}, 2).rows[0].driftPct == Approx(0.8 / 100.4 * 100));
}

TEST_CASE("beside a real A2 offset, B at A1's level is no change and a call must clear the offset less one se",
          "[compare][verdict]") {
    // A1: five boots around 100 (within-run variance 0.625); A2 the same 3
    // higher: a real offset, standard error of A1 - A2 0.5, so the drift to
    // clear is (3 - 0.5) / 101.5 = 2.46 %.
    const std::vector<double> a1{99, 100, 101, 99.5, 100.5};
    MetricInput in{"op", "", true, a1, {}, {100, 103}, {5, 5}, {}};
    for (double x : a1) in.base.push_back(x + 3);
    auto callWithB = [&in, &a1](double below) {
        in.now.clear();
        for (double x : a1) in.now.push_back(x - below);
        return callFamily({in}, CallSettings{}, 2).rows[0];
    };
    // B = A1: -1.48 % against A's mean, 95 % interval [-3.25 %, +0.29 %]: no
    // call; its 90 % interval [-2.93 %, -0.03 %] lies within +-5 %: no change
    MetricCall same = callWithB(0);
    REQUIRE(same.driftPct);
    CHECK(*same.driftPct == Approx(2.5 / 101.5 * 100));
    CHECK(same.call == Call::NoChange);
    CHECK(same.change.highPct == Approx(-0.026).margin(0.001));
    // B 2.7 below A1: -4.14 %, [-5.91 %, -2.37 %]: significant, but a run of
    // this machine may sit within the drift: inconclusive
    MetricCall within = callWithB(2.7);
    CHECK(within.change.highPct == Approx(-2.367).margin(0.001));
    CHECK(within.call == Call::Inconclusive);
    CHECK(within.why == Undecided::Drift);
    CHECK(callPValue(in) > 0.05);
    // B 2.85 below A1: [-6.06 %, -2.51 %] clears 2.46 % and reaches -5 %: a regression
    MetricCall beyond = callWithB(2.85);
    CHECK(beyond.change.highPct == Approx(-2.515).margin(0.001));
    CHECK(beyond.call == Call::Regression);
    CHECK(callPValue(in) < 0.05);
}

TEST_CASE("Hochberg's step-up: the largest p-value under its step's level passes it and every smaller one",
          "[compare][verdict]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    // sorted: 0.001, 0.012, 0.02, 0.04; the largest, 0.04, is under 0.05/1: all four at 0.05
    std::vector<double> all = stepUpLevels({0.001, 0.04, nan, 0.012, 0.02}, 0.05);
    CHECK(all[0] == Approx(0.05));
    CHECK(all[1] == Approx(0.05));
    CHECK(all[3] == Approx(0.05));
    CHECK(all[4] == Approx(0.05));
    // sorted 0.001, 0.2, 0.3: 0.3 > 0.05, 0.2 > 0.025, 0.001 <= 0.05/3 passes; the rest at 0.025, which they fail
    std::vector<double> one = stepUpLevels({0.001, 0.3, 0.2}, 0.05);
    CHECK(one[0] == Approx(0.05 / 3));
    CHECK(one[1] == Approx(0.025));
    CHECK(one[2] == Approx(0.025));
    // Where Holm's step-down stops at its first step (0.03 > 0.025), the step-up passes both at 0.05
    std::vector<double> both = stepUpLevels({0.03, 0.04}, 0.05);
    CHECK(both[0] == Approx(0.05));
    CHECK(both[1] == Approx(0.05));
    // None passes: every metric at Bonferroni's level
    std::vector<double> none = stepUpLevels({0.2, 0.6}, 0.05);
    CHECK(none[0] == Approx(0.025));
    CHECK(none[1] == Approx(0.025));
}

TEST_CASE("under the step-up a second shifted metric is called where Bonferroni cannot call it", "[compare][verdict]") {
    // Two metrics: one far off, one whose p-value lies between 0.025 and 0.05
    MetricInput far{"a", "", true, {100, 101, 99, 100.5, 99.5}, {80, 81, 79, 80.5, 79.5}, {}, {}, {}};
    MetricInput near{"b", "", true, {100, 101, 99, 100.5, 99.5}, {98.8, 99.8, 97.8, 99.3, 98.3}, {}, {}, {}};
    const double p = callPValue(near);
    REQUIRE(p > 0.025);
    REQUIRE(p < 0.05);
    const std::vector<MetricInput> both{far, near};
    CallFamily bonferroni = callFamily(both, CallSettings{}, 1);
    CHECK(bonferroni.rows[1].call == Call::NoChange);  // not significant at 0.025: its 90 % interval is inside 5 %
    const std::vector<std::vector<double>> levels = familyLevels({&both}, 0.05);
    CallFamily stepUp = callFamily(both, CallSettings{}, 1, 0, &levels[0]);
    CHECK(stepUp.rows[0].call == Call::Regression);
    CHECK(stepUp.rows[1].call == Call::Small);  // significant at the step-up's level 0.05, inside (-5 %, 5 %)
    CHECK(stepUp.rows[1].confidence == Approx(0.95));
}
