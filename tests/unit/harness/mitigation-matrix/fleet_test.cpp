// The fleet: each row against its baseline within each machine, the machines
// combined as random blocks (their mean change, a t interval over machines),
// and a row measured on some machines only refused.
#include "mitigation-matrix/fleet.hpp"

#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace mmtp::matrix;
namespace fs = std::filesystem;

namespace {
// A compare-kernels --json-export's shape, one verdict row per metric.
std::string exportWith(double change, double low, double high) {
    return R"({"benchmarks": [{"benchmark": "pipe-pingpong", "verdicts": [{"new": "off", "rows": [)"
           R"({"metric": "usecs-op", "change": {"change_pct": )" +
           std::to_string(change) + R"(, "low_pct": )" + std::to_string(low) + R"(, "high_pct": )" +
           std::to_string(high) + R"(}, "call": "inconclusive"}, {"metric": "junk"}]}]}]})";
}
}  // namespace

TEST_CASE("a machine's verdict rows are read from compare-kernels' export", "[mitigation-matrix][fleet]") {
    const auto rows = machineChanges(exportWith(10, -5, 25), "m1");
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].machine == "m1");
    CHECK(rows[0].benchmark == "pipe-pingpong");
    CHECK(rows[0].row == "off");
    CHECK(rows[0].metric == "usecs-op");
    CHECK(rows[0].changePct == Approx(10));
    CHECK(rows[0].highPct == Approx(25));
    CHECK(machineChanges("not json", "m1").empty());
    CHECK(machineChanges(R"({"benchmarks": 3})", "m1").empty());
}

TEST_CASE("machines combine as blocks: their mean, a t interval on k-1 df", "[mitigation-matrix][fleet]") {
    auto changes = machineChanges(exportWith(10, 0, 20), "m1");
    const auto m2 = machineChanges(exportWith(20, 15, 25), "m2");
    changes.insert(changes.end(), m2.begin(), m2.end());
    const auto fleet = combineMachines(changes, 2);
    REQUIRE(fleet.size() == 1);
    CHECK(fleet[0].machines.size() == 2);
    CHECK(fleet[0].meanPct == Approx(15));
    // sd 7.071, se 5, t(0.975, 1) 12.706
    REQUIRE(fleet[0].lowPct);
    CHECK(*fleet[0].lowPct == Approx(15 - 63.53).epsilon(1e-3));
    CHECK(*fleet[0].highPct == Approx(15 + 63.53).epsilon(1e-3));
    const std::string report = fleetReport(fleet, {"m1", "m2"});
    CHECK(report.find("  m1: +10.00% [+0.00%, +20.00%]\n") != std::string::npos);
    CHECK(report.find("  combined: +15.00% [-48.53%, +78.53%]\n") != std::string::npos);
}

TEST_CASE("a metric some machine lacks is not combined", "[mitigation-matrix][fleet]") {
    CHECK(combineMachines(machineChanges(exportWith(10, 0, 20), "m1"), 2).empty());
    CHECK(fleetReport({}, {"m1", "m2"}).find("no row was compared on every machine") != std::string::npos);
}

TEST_CASE("t quantiles for the machines' degrees of freedom", "[mitigation-matrix][fleet]") {
    CHECK(tQuantile975(1) == Approx(12.706));
    CHECK(tQuantile975(4) == Approx(2.776));
    CHECK(tQuantile975(120) == Approx(1.980).epsilon(0.005));
    CHECK(std::isnan(tQuantile975(0)));
}

TEST_CASE("a row with iterations on some machines only is split", "[mitigation-matrix][fleet]") {
    mmtp::TempDir dir("fleet-test");
    for (const char* p : {"m1/log/base/iter-0", "m1/log/off/iter-0", "m2/log/base/iter-0", "m2/log/off"})
        fs::create_directories(dir.path() / p);
    const std::vector<fs::path> logs{dir.path() / "m1/log", dir.path() / "m2/log"};
    const auto split = splitRows({"base", "off", "rejected"}, {"m1", "m2"}, logs);
    REQUIRE(split.size() == 1);
    CHECK(split[0] == "off: on m1, not on m2");
    fs::create_directories(dir.path() / "m2/log/off/iter-0");
    CHECK(splitRows({"base", "off", "rejected"}, {"m1", "m2"}, logs).empty());
}
