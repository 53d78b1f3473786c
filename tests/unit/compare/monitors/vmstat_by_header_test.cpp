// Our vmstat reading finds columns by vmstat's header, with or without
// MONITORS_WITH_LATENCY's stamp, where MonitorVmstat.pm's field numbers
// shift on unstamped lines that start with a blank.
#include "monitors/monitors.hpp"
#include "monitors/vmstat_by_header.hpp"
#include "compare/test_support.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

namespace {

const std::vector<std::string> kUnstamped = {
    "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----",
    " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st",
    " 5  0      0 23453228  64688 863708    0    0  4078  4208 1063 9049 26 17 55  1  0",
    " 4  0      0 23453228  64688 863708    0    0  3092 51344  939 1456 37 22 40  1  0",
    "12  1      0 23453100  64688 863708    0    0 20480 16394  925 41887 53 42 5  0  0",
};

}  // namespace

TEST_CASE("vmstat without timestamps is read by its header, the since-boot report left out", "[compare][vmstat]") {
    VmstatSamples s = vmstatFromLines(kUnstamped);
    CHECK_FALSE(s.timestamped);
    CHECK(s.sinceBootDropped);
    CHECK(s.x == std::vector<double>{1, 2});
    CHECK(s.column("sy") == std::vector<double>{22, 42});
    CHECK(s.column("us") == std::vector<double>{37, 53});
    CHECK(s.column("cs") == std::vector<double>{1456, 41887});
    CHECK(s.column("r") == std::vector<double>{4, 12});
    CHECK(s.column("nosuch").empty());
    CHECK(s.skippedLines == 0);
}

TEST_CASE("vmstat with MONITORS_WITH_LATENCY's stamp gives seconds and the same columns", "[compare][vmstat]") {
    std::vector<std::string> stamped;
    const char* stamps[] = {" 1796114118.0237   0.0100     0.0100 -- ", " 1796114118.0264   0.0127     0.0027 -- ",
                            " 1796114118.0264   0.0128     0.0001 -- ", " 1796114120.0266   2.0130     2.0002 -- ",
                            " 1796114122.0319   4.0182     2.0053 -- "};
    for (std::size_t i = 0; i < kUnstamped.size(); ++i) stamped.push_back(stamps[i] + kUnstamped[i]);
    VmstatSamples s = vmstatFromLines(stamped);
    CHECK(s.timestamped);
    CHECK(s.x == std::vector<double>{2.0130, 4.0182});
    CHECK(s.column("sy") == std::vector<double>{22, 42});
    CHECK(s.column("in") == std::vector<double>{939, 925});
}

TEST_CASE("MMTests' vmstat table misreads the unstamped lines our reading gets right", "[compare][vmstat]") {
    // The reason for a reader of our own: MonitorVmstat.pm's "sy" on the
    // same log reads the "us" column of the lines that start with a blank.
    compare_test::ScratchTree t;
    std::string log;
    for (const std::string& l : kUnstamped) log += l + "\n";
    t.write("iter-0/vmstat-bench", log);
    t.write("iter-0/tests-sysstate", "MemTotal:       1000 kB\n");
    MonitorSession session;
    MonitorRun perl = parseVmstatMonitor({t.root() / "iter-0"}, {"bench", "sy"}, session);
    REQUIRE(perl.iterations.size() == 1);
    REQUIRE(perl.iterations[0].size() == 5);
    CHECK(perl.iterations[0][3].value == "37");  // us, where sy is 22
    CHECK(perl.iterations[0][4].value == "42");  // "12  1 ..." starts with no blank: read right
    CHECK(readVmstatByHeader(t.root() / "iter-0", "bench").column("sy") == std::vector<double>{22, 42});
}

TEST_CASE("vmstat lines that do not fit the header are skipped and counted", "[compare][vmstat]") {
    std::vector<std::string> lines = {"garbage before any header 1 2", kUnstamped[1], kUnstamped[2], kUnstamped[3],
                                      " 1 2 3", " 1  0 x 5 6 7 8 9 10 11 12 13 14 15 16 17 18", kUnstamped[4]};
    VmstatSamples s = vmstatFromLines(lines);
    CHECK(s.skippedLines == 3);
    CHECK(s.column("sy") == std::vector<double>{22, 42});
    CHECK_THROWS_WITH(vmstatFromLines({"no header here", " 1 2 3"}),
                      "no vmstat header line (\" r  b   swpd ...\") in the log");
}
