// The verdict's unit: a run's iterations grouped by the boot they recorded,
// each boot's samples summarised by a statistic one hiccup cannot sway.
#include "stats/boot_units.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace mmtp::compare;

namespace {

// iterations: the samples of each; boots: each iteration's boot id ("" unrecorded)
RunSummary run(const std::vector<std::vector<double>>& iterations, const std::vector<std::string>& boots) {
    RunSummary r;
    for (const std::vector<double>& it : iterations) {
        for (std::size_t k = 0; k < it.size(); ++k) r.extraction.addNumbers("op", static_cast<double>(k + 1), it[k]);
        r.extraction.nextIteration();
    }
    r.iterationBoots = boots;
    return r;
}

}  // namespace

TEST_CASE("the trimmed mean cuts a fifth from each end; one hiccup in seven samples does not move it",
          "[compare][stats][verdict]") {
    CHECK(summariseUnit({10, 10, 10, 10, 10, 10, 5}, UnitStat::TrimmedMean) == Approx(10));
    CHECK(summariseUnit({10, 10, 10, 10, 10, 10, 5}, UnitStat::Mean) == Approx(65.0 / 7));
    CHECK(summariseUnit({1, 2, 3, 4, 100}, UnitStat::Median) == 3);
    CHECK(summariseUnit({1, 2, 3, 4}, UnitStat::Median) == 2.5);
    CHECK(summariseUnit({1, 2, 3, 4}, UnitStat::TrimmedMean) == Approx(2.5));  // floor(0.8) = 0 cut
    CHECK(summariseUnit({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, UnitStat::TrimmedMean) == Approx(5.5));  // 3..8
    // an untrusted sample makes the unit NaN, whatever the statistic would cut
    CHECK(std::isnan(summariseUnit({10, 10, 10, 10, std::numeric_limits<double>::infinity()}, UnitStat::Median)));
    CHECK(std::isnan(summariseUnit({10, 10, 10, 10, 1e200}, UnitStat::TrimmedMean)));
}

TEST_CASE("iterations of one boot are one unit, of different boots different units", "[compare][stats][verdict]") {
    UnitRules mean;
    mean.stat = UnitStat::Mean;
    RunSummary oneBoot = run({{1, 3}, {5, 7}, {9, 11}}, {"b1", "b1", "b1"});
    CHECK(unitValues(oneBoot, "op", mean) == std::vector<double>{6});
    RunSummary twoBoots = run({{1, 3}, {5, 7}, {9, 11}}, {"b1", "b2", "b1"});
    CHECK(unitValues(twoBoots, "op", mean) == std::vector<double>{6, 6});  // {1,3,9,11} and {5,7}
    RunSummary unrecorded = run({{1, 3}, {5, 7}}, {});
    CHECK(unitValues(unrecorded, "op", mean) == std::vector<double>{4});
    mean.iterationsAreBoots = true;
    CHECK(unitValues(unrecorded, "op", mean) == std::vector<double>{2, 6});
    CHECK(unitValues(unrecorded, "missing", mean).empty());
}

TEST_CASE("the report says what its unit is", "[compare][stats][verdict]") {
    UnitRules rules;
    RunSummary a = run({{1}, {2}}, {"x", "y"}), b = run({{1}, {2}}, {"z", "w"});
    CHECK(unitDesign({a, b}, rules).kind == UnitKind::Boot);
    RunSummary c = run({{1}, {2}}, {"s", "s"}), d = run({{1}, {2}}, {"s", "s"});
    CHECK(unitDesign({c, d}, rules).kind == UnitKind::RunShared);
    RunSummary e = run({{1}, {2}}, {"s", "s"}), f = run({{1}, {2}}, {"t", "t"});
    CHECK(unitDesign({e, f}, rules).kind == UnitKind::RunOwnBoot);
    RunSummary g = run({{1}, {2}}, {}), h = run({{1}, {2}}, {});
    UnitDesign none = unitDesign({g, h}, rules);
    CHECK(none.kind == UnitKind::RunOwnBoot);
    CHECK_FALSE(none.recorded);
    CHECK(describeUnits(none).find("no boot records: one boot per run") != std::string::npos);
    rules.iterationsAreBoots = true;
    CHECK(unitDesign({g, h}, rules).kind == UnitKind::Iteration);
    CHECK(std::string(unitNoun(UnitKind::Boot)) == "boots");
    CHECK(std::string(unitNoun(UnitKind::RunShared)) == "runs");
}

TEST_CASE("--iteration-stat names", "[compare][stats][verdict]") {
    CHECK(parseUnitStat("trimmed") == UnitStat::TrimmedMean);
    CHECK(parseUnitStat("median") == UnitStat::Median);
    CHECK(parseUnitStat("mean") == UnitStat::Mean);
    CHECK_FALSE(parseUnitStat("mode"));
    CHECK(std::string(unitStatName(defaultUnitStat())) == "20% trimmed mean");
}
