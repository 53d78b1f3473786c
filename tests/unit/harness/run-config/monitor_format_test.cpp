#include "run-config/monitor_format.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::runconfig;

TEST_CASE("latency stamps are monitors/latency-output's: epoch, offset and gap per line", "[run-config]") {
    LatencyStamp s(1796114119.0333);
    CHECK(s.stamp("procs ---", 1796114119.0433) == " 1796114119.0433   0.0100     0.0100 -- procs ---");
    CHECK(s.stamp(" r  b", 1796114121.0460) == " 1796114121.0460   2.0127     2.0027 --  r  b");
}

TEST_CASE("mpstat lines pass through, each blank line followed by a time line", "[run-config]") {
    auto f = mpstatFilter();
    CHECK(f("08:35:19     all   37.03", 7) == std::vector<std::string>{"08:35:19     all   37.03"});
    CHECK(f("", 1796114119) == std::vector<std::string>{"", "time: 1796114119"});
}

TEST_CASE("top's short mode keeps headers and busy tasks only, like watch-top.sh", "[run-config]") {
    auto f = topFilter(true);
    CHECK(f("top - 08:35:18 up  1:51,  0 user", 1796114118) ==
          std::vector<std::string>{"time: 1796114118 short", "top - 08:35:18 up  1:51,  0 user"});
    CHECK(f("Tasks: 114 total,   3 running", 1).size() == 1);  // "Tasks:" holds no digit: a header
    CHECK(f("", 1) == std::vector<std::string>{""});
    CHECK(f("  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND", 1).size() == 1);
    CHECK(f("   92 root      20   0       0      0      0 S   0.0   0.0   0:00.01 kswapd0", 1).empty());
    CHECK(f("  617 root      20   0    2580   1536   1536 R  12.5   0.0   0:00.40 awk", 1).size() == 1);
    auto full = topFilter(false);
    CHECK(full("top - 1", 5) == std::vector<std::string>{"time: 5 full", "top - 1"});
    CHECK(full("   92 root 0.0", 5).size() == 1);
}

TEST_CASE("Perl's numeric value of a string", "[run-config]") {
    CHECK(perlNumber("12.5") == 12.5);
    CHECK(perlNumber("0.0") == 0);
    CHECK(perlNumber("abc") == 0);
}
