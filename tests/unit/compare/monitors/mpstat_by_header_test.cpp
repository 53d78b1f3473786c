// Our mpstat reading finds columns by each report's header, with or without
// watch-mpstat.sh's "time:" lines, in 24-hour or AM/PM clocks; CPU busy per
// NUMA node sums 100 - %idle over the node's CPUs.
#include "monitors/mpstat_by_header.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace mmtp::compare;

namespace {

const char* const kHead = "     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle";

std::string cpuLine(const std::string& clock, const std::string& cpu, double usr, double sys, double idle) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s %7s %7.2f 0.00 %7.2f 0.00 0.00 0.00 0.00 0.00 0.00 %7.2f", clock.c_str(),
                  cpu.c_str(), usr, sys, idle);
    return buf;
}

NodeTree nodeOf(std::vector<std::string> cpus) {
    NodeTree t;
    t.exists = true;
    t.sockets.push_back({"0", {{"0-1", {{"0", cpus}}}}});
    return t;
}

}  // namespace

TEST_CASE("watch-mpstat.sh's log: x from its time: lines, every report, the last one too", "[compare][mpstat]") {
    MpstatSamples s = mpstatFromLines({"time: 1796114117", "Linux 6.18 (vm) 	12/01/26 	_x86_64_	(2 CPU)", "",
                                       "time: 1796114119", std::string("08:35:17") + kHead,
                                       cpuLine("08:35:19", "all", 37.03, 24.69, 37.53),
                                       cpuLine("08:35:19", "0", 40.61, 18.78, 40.61),
                                       cpuLine("08:35:19", "1", 33.50, 30.50, 34.50), "",
                                       "time: 1796114121", std::string("08:35:19") + kHead,
                                       cpuLine("08:35:21", "all", 50.13, 22.78, 27.09),
                                       cpuLine("08:35:21", "0", 43.08, 21.54, 35.38),
                                       cpuLine("08:35:21", "1", 57.00, 24.00, 19.00), ""});
    CHECK(s.stamped);
    CHECK(s.cpus.at("0").x == std::vector<double>{2, 4});  // since the first time: line, the monitor's start
    CHECK(s.cpus.at("1").column("%idle") == std::vector<double>{34.50, 19.00});
    CHECK(s.cpus.at("all").column("%sys") == std::vector<double>{24.69, 22.78});
    CHECK(s.skippedLines == 0);
    std::vector<std::pair<double, double>> busy = nodeBusy(s, nodeOf({"0", "1"}));
    REQUIRE(busy.size() == 2);  // MonitorMpstat.pm drops the last report; this does not
    CHECK(busy[0].first == 2);
    CHECK(busy[0].second == Approx((100 - 40.61) + (100 - 34.50)));
    CHECK(busy[1].second == Approx((100 - 35.38) + (100 - 19.00)));
}

TEST_CASE("mpstat run by hand: AM/PM clock across midnight, %idle not last, garbage", "[compare][mpstat]") {
    MpstatSamples s = mpstatFromLines({"Linux 6.18 (vm) 	12/01/26 	_x86_64_	(2 CPU)", "",
                                       "11:59:58 PM  CPU  %idle  %usr  %sys", "11:59:59 PM  0  10.00  80.00  10.00",
                                       "11:59:59 PM  1  20.00  70.00  10.00", "",
                                       "11:59:59 PM  CPU  %idle  %usr  %sys", "12:00:01 AM  0  30.00  60.00  10.00",
                                       "12:00:01 AM  1  oops  60.00  10.00", "12:00:01 AM  1  40.00  50.00  10.00",
                                       "", "Average:     CPU  %idle  %usr  %sys", "Average:       0  20.00  70.00  10.00"});
    CHECK_FALSE(s.stamped);
    CHECK(s.cpus.at("0").x == std::vector<double>{1, 3});  // from 23:59:58, the first header's clock
    CHECK(s.cpus.at("0").column("%idle") == std::vector<double>{10, 30});
    CHECK(s.cpus.at("1").column("%usr") == std::vector<double>{70, 50});
    CHECK(s.skippedLines == 1);  // "oops"; the Average block is not a report
    std::vector<std::pair<double, double>> busy = nodeBusy(s, nodeOf({"0", "1"}));
    REQUIRE(busy.size() == 2);
    CHECK(busy[1].second == Approx(70 + 60));
}

TEST_CASE("mpstat columns that change midway are each read by their own header", "[compare][mpstat]") {
    MpstatSamples s = mpstatFromLines({"10:00:00 CPU %usr %idle", "10:00:01 0 90 10", "",
                                       "10:00:01 CPU %idle %sys", "10:00:02 0 20 80", ""});
    const ColumnSamples& c = s.cpus.at("0");
    CHECK(c.column("%idle") == std::vector<double>{10, 20});
    REQUIRE(c.column("%usr").size() == 2);  // one value per x: absent reads NaN
    CHECK(std::isnan(c.column("%usr")[1]));
    CHECK(std::isnan(c.column("%sys")[0]));
}

TEST_CASE("a node's busy sum leaves out reports that lack one of its CPUs", "[compare][mpstat]") {
    MpstatSamples s = mpstatFromLines({"10:00:00 CPU %idle", "10:00:01 0 10", "10:00:01 1 20", "",
                                       "10:00:01 CPU %idle", "10:00:02 0 30", ""});
    std::vector<std::pair<double, double>> busy = nodeBusy(s, nodeOf({"0", "1"}));
    REQUIRE(busy.size() == 1);
    CHECK(busy[0] == std::pair<double, double>{1, 170});
    CHECK(nodeBusy(s, nodeOf({"7"})).empty());
}

TEST_CASE("a log without mpstat's header is refused", "[compare][mpstat]") {
    CHECK_THROWS_AS(mpstatFromLines({"garbage", "\377<script>"}), std::runtime_error);
    CHECK_THROWS_AS(mpstatFromLines({}), std::runtime_error);
}
