// The three-valued call: regression/improvement only when the family-wise
// interval excludes zero (and, in A/B/A, the change beats the drift), no
// change only when the whole interval is inside the threshold.
#include "tables/verdict_call.hpp"
#include "tables/verdict.hpp"

#include <catch2/catch.hpp>
#include <limits>

using namespace mmtp::compare;

namespace {

MetricInput metric(const std::string& op, std::vector<double> base, std::vector<double> now, bool higher = true) {
    return {op, "", higher, std::move(base), std::move(now), {}};
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
    // A1 at 100, A2 at 94: drift 6.19 % of their mean 97; B at 92 is -5.15 %
    // with an interval that excludes 0 but reaches inside the drift; B at 80 clears it.
    MetricInput within{"op", "", true, {100, 100.1, 99.9, 94, 94.1, 93.9}, {92, 92.1, 91.9}, {100.0, 94.0}};
    MetricInput beyond = within;
    beyond.now = {80, 80.1, 79.9};
    CallFamily f = callFamily({within}, CallSettings{}, 2);
    REQUIRE(f.rows[0].driftPct);
    CHECK(*f.rows[0].driftPct == Approx(6 / 97.0 * 100));
    CHECK(f.rows[0].change.changePct < -5);
    CHECK(f.rows[0].change.highPct < 0);                         // significant
    CHECK(f.rows[0].change.highPct > -*f.rows[0].driftPct);      // but within the drift
    CHECK(f.rows[0].call == Call::Inconclusive);
    CHECK(f.rows[0].why == Undecided::Drift);
    CHECK(callFamily({beyond}, CallSettings{}, 2).rows[0].call == Call::Regression);
}

TEST_CASE("a significant change smaller than the threshold is not a regression", "[compare][verdict]") {
    CallSettings s;
    s.thresholdPct = 3;
    // -1.8 % measured precisely: inside +-3 % -> no change (significant, said so)
    CallFamily precise = callFamily({metric("op", {100, 100.1, 99.9, 100}, {98.2, 98.3, 98.1, 98.2})}, s, 1);
    CHECK(precise.rows[0].call == Call::NoChange);
    // -2 % with an interval reaching past -3 %: significant, below the threshold: small
    CallFamily loose = callFamily({metric("op", {100, 101, 99, 100.5, 99.5}, {98, 99, 97, 98.5, 97.5})}, s, 1);
    REQUIRE(loose.rows[0].change.highPct < 0);
    REQUIRE(loose.rows[0].change.lowPct < -3);
    CHECK(loose.rows[0].call == Call::Small);
    // -6 %: a regression
    CallFamily big = callFamily({metric("op", {100, 101, 99, 100.5, 99.5}, {94, 95, 93, 94.5, 93.5})}, s, 1);
    CHECK(big.rows[0].call == Call::Regression);
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
