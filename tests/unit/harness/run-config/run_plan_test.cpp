#include "run-config/run_plan.hpp"
#include "base/errors.hpp"
#include "run-config/bench_description.hpp"
#include "run-config/config_env.hpp"
#include "run-config/system_state.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <limits>
#include <fstream>
#include <unistd.h>

using namespace mmtp::runconfig;
namespace fs = std::filesystem;

TEST_CASE("the plan follows run-mmtests.sh's monitor rules", "[run-config]") {
    std::map<std::string, std::string> env = {{"MMTESTS", "ibpb-pulse  pipe-pingpong"},
                                              {"MMTEST_ITERATIONS", "2"},
                                              {"MONITORS_ALWAYS", "proc-net-dev"},
                                              {"MONITORS_GZIP", "proc-vmstat mpstat nosuchmonitor"},
                                              {"MONITORS_WITH_LATENCY", "proc-interrupts"},
                                              {"MONITORS_TRACER", "ftrace"},
                                              {"MONITOR_UPDATE_FREQUENCY", "2"}};
    SECTION("monitors on: always, gzip, with_latency in order; the rest skipped with a reason") {
        RunPlan p = makePlan(env);
        CHECK(p.benches == std::vector<std::string>{"ibpb-pulse", "pipe-pingpong"});
        CHECK(p.iterations == 2);
        CHECK(p.updateFrequency == 2);
        REQUIRE(p.monitors.size() == 4);
        CHECK(p.monitors[0].name == "proc-net-dev");
        CHECK(p.monitors[0].type == "always");
        CHECK(p.monitors[1].name == "proc-vmstat");
        CHECK(p.monitors[3].type == "with_latency");
        CHECK(p.monitors[3].intervalSeconds == 10);  // watch-proc-interrupts.sh: at least 10 s
        CHECK(p.monitors[1].intervalSeconds == 2);
        REQUIRE(p.skipped.size() == 2);
        CHECK(p.skipped[0].name == "nosuchmonitor");
        CHECK(p.skipped[1].name == "ftrace");
    }
    SECTION("RUN_MONITOR=no drops gzip, with_latency and tracer, but not always") {
        env["RUN_MONITOR"] = "no";
        RunPlan p = makePlan(env);
        REQUIRE(p.monitors.size() == 1);
        CHECK(p.monitors[0].name == "proc-net-dev");
        CHECK(p.skipped.empty());
    }
    SECTION("monitors enabled but none configured is run-mmtests.sh's warning") {
        RunPlan p = makePlan({{"MMTESTS", "x"}});
        CHECK(p.iterations == 1);
        CHECK(p.updateFrequency == 10);
        CHECK(p.warnings == std::vector<std::string>{"WARNING: Monitors enabled but none configured"});
    }
    SECTION("malformed counts name their variable") {
        env["MMTEST_ITERATIONS"] = "0";
        CHECK_THROWS_WITH(makePlan(env), Catch::Contains("MMTEST_ITERATIONS='0'"));
        env["MMTEST_ITERATIONS"] = "2";
        env["MONITOR_UPDATE_FREQUENCY"] = "fast";
        CHECK_THROWS_AS(makePlan(env), mmtp::UsageError);
    }
}

TEST_CASE("vmstat without timestamps (always, gzip) is warned about, naming MONITORS_WITH_LATENCY", "[run-config]") {
    for (const char* var : {"MONITORS_ALWAYS", "MONITORS_GZIP"}) {
        RunPlan p = makePlan({{"MMTESTS", "pipe-pingpong"}, {var, "proc-vmstat vmstat"}});
        REQUIRE(p.warnings.size() == 1);
        CHECK(p.warnings[0] == vmstatWithoutTimestamps(var));
        CHECK(p.warnings[0].rfind(std::string("run-config: warning: vmstat in ") + var, 0) == 0);
        CHECK(p.warnings[0].find("put vmstat in MONITORS_WITH_LATENCY instead") != std::string::npos);
        CHECK(describePlan(p, estimate(p, {})).find(p.warnings[0]) != std::string::npos);  // --dry-run says it too
    }
    CHECK(makePlan({{"MMTESTS", "pipe-pingpong"}, {"MONITORS_WITH_LATENCY", "vmstat"}, {"MONITORS_GZIP", "proc-vmstat"}})
              .warnings.empty());
}

TEST_CASE("the estimate is each bench's own times the iterations, plus run-config's overhead", "[run-config]") {
    std::map<std::string, std::string> env = {{"MMTESTS", "a b"}, {"MMTEST_ITERATIONS", "2"}};
    RunPlan p = makePlan(env);
    Estimate e = estimate(p, {93.0, std::nullopt});
    CHECK(e.total == Approx(2 * (93.0 + e.overheadPerIteration)));
    const std::string text = describePlan(p, e);
    CHECK(text.find("estimated duration: ") != std::string::npos);
    CHECK_THAT(text, Catch::Contains("benchmark:  b  (no estimate: b --estimate says its duration depends on the "
                                     "machine)\n"));
    CHECK_THAT(text, Catch::Contains(", not counting benchmarks without an estimate\n"));
    CHECK(humanDuration(3725) == "1 h 02 min");
    CHECK(humanDuration(185) == "3 min 05 s");
}

TEST_CASE("--set takes VAR=VALUE with a shell variable name", "[run-config]") {
    CHECK(parseOverride("MMTEST_ITERATIONS=2") == Override{"MMTEST_ITERATIONS", "2"});
    CHECK(parseOverride("A=b=c") == Override{"A", "b=c"});
    CHECK(parseOverride("EMPTY=") == Override{"EMPTY", ""});
    CHECK_THROWS_AS(parseOverride("NOVALUE"), mmtp::UsageError);
    CHECK_THROWS_AS(parseOverride("1X=2"), mmtp::UsageError);
    CHECK_THROWS_AS(parseOverride("A-B=2"), mmtp::UsageError);
}

TEST_CASE("--set wins over the config's export, and values derived from it follow", "[run-config]") {
    fs::path dir = fs::temp_directory_path() / ("run-config-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "config") << "export KEYSPACE=50000\nexport REQUESTS=$((KEYSPACE*2))\nexport OTHER=x\n";
    auto env = sourceConfig(dir / "config", {{"KEYSPACE", "10"}});
    CHECK(env["KEYSPACE"] == "10");
    CHECK(env["REQUESTS"] == "20");
    CHECK(env["OTHER"] == "x");
    auto plain = sourceConfig(dir / "config", {});
    CHECK(plain["REQUESTS"] == "100000");
    fs::remove_all(dir);
}

TEST_CASE("cpu topology lines follow list-cpu-toplogy.sh", "[run-config]") {
    fs::path root = fs::temp_directory_path() / ("run-config-topo-" + std::to_string(::getpid()));
    for (int c : {0, 1}) {
        fs::create_directories(root / "cpu" / ("cpu" + std::to_string(c)) / "cache/index0");
        fs::create_directories(root / "cpu" / ("cpu" + std::to_string(c)) / "cache/index3");
        std::ofstream(root / "cpu" / ("cpu" + std::to_string(c)) / "cache/index0/shared_cpu_list") << c << "\n";
        std::ofstream(root / "cpu" / ("cpu" + std::to_string(c)) / "cache/index3/shared_cpu_list") << "0-1\n";
    }
    fs::create_directories(root / "node/node0");
    std::ofstream(root / "node/node0/cpulist") << "0-1\n";
    // Without /sys/bus/cpu/drivers/processor/cpuN (a VM like this one) every
    // CPU counts as its own socket, as the golden monitors tree shows.
    if (!fs::exists("/sys/bus/cpu/drivers/processor/cpu0"))
        CHECK(cpuTopologyText(root / "cpu", root / "node") ==
              "node 0 socket 0 core 0 thread 0 cpu 0 llc 0-1\nnode 0 socket 1 core 0 thread 0 cpu 1 llc 0-1\n");
    fs::create_directories(root / "idle/state0");
    std::ofstream(root / "idle/state0/name") << "POLL\n";
    std::ofstream(root / "idle/state0/latency") << "0\n";
    fs::create_directories(root / "idle/state1");
    std::ofstream(root / "idle/state1/name") << "haltpoll idle\n";
    std::ofstream(root / "idle/state1/latency") << "1\n";
    CHECK(cstateLatencyText(root / "idle") == "c-0   POLL    0\nc-1  haltpoll idle    1\n");
    fs::remove_all(root);
}

TEST_CASE("a bench's answers are read strictly: names, and seconds or unknown", "[run-config]") {
    CHECK(variablesFrom("A_B=1\nC=\nD\n", "x") == std::vector<std::string>{"A_B", "C", "D"});
    CHECK(variablesFrom("", "x").empty());
    CHECK_THROWS_WITH(variablesFrom("A=1\n1X=2\n", "x"), "x --print-variables: '1X=2' is not VAR=DEFAULT");
    CHECK_THROWS_WITH(variablesFrom("\x1b]52;c;x\n", "x"), Catch::StartsWith("x --print-variables: '\\e]52"));
    CHECK(*secondsFrom("93.3\n", "x") == Approx(93.3));
    CHECK(*secondsFrom("0\n", "x") == 0);
    CHECK_FALSE(secondsFrom("unknown\n", "x"));
    for (const char* bad : {"", "\n", "-1\n", "inf\n", "nan\n", "1e400\n", "12 s\n", "1\n2\n"})
        CHECK_THROWS_WITH(secondsFrom(bad, "x"), Catch::StartsWith("x --estimate: '"));
}

TEST_CASE("--dry-run uses the measured mean and says where it came from", "[run-config][past]") {
    const std::map<std::string, std::string> env = {{"MMTESTS", "pipe-pingpong ibpb-pulse"}, {"RUN_MONITOR", "no"}};
    RunPlan plan = makePlan(env);
    PastDurations measured{"work/log", {40.0, 50.0, 52.5}, {"a", "b"}};
    Estimate e = estimate(plan, {9.0, 1.0}, {measured, {}});
    REQUIRE(e.perBench[0]);
    CHECK(*e.perBench[0] == Approx(47.5));
    CHECK(*e.perBench[1] == Approx(1.0));  // ibpb-pulse's own estimate
    CHECK(e.total == Approx(47.5 + 1.0 + e.overheadPerIteration));
    const std::string text = describePlan(plan, e);
    CHECK_THAT(text, Catch::Contains("benchmark:  pipe-pingpong  ~48 s per iteration (measured: mean of 3 earlier "
                                     "iterations with these settings, in work/log/a, b)\n"));
    CHECK_THAT(text, Catch::Contains("benchmark:  ibpb-pulse  ~1 s per iteration (estimated from the settings; no "
                                     "earlier run with these settings)\n"));
}

TEST_CASE("a benchmark listed twice in MMTESTS is refused: its second run would replace the first's logs",
          "[run-config]") {
    CHECK_THROWS_WITH(makePlan({{"MMTESTS", "pipe-pingpong ibpb-pulse pipe-pingpong"}}),
                      Catch::StartsWith("MMTESTS='pipe-pingpong ibpb-pulse pipe-pingpong' lists pipe-pingpong twice"));
    CHECK(makePlan({{"MMTESTS", "ibpb-pulse pipe-pingpong"}}).benches.size() == 2);
}

TEST_CASE("a huge estimate is saturated where it is shown", "[run-config]") {
    CHECK(wholeSeconds(1e300) == kMaxEstimateSeconds);
    CHECK(wholeSeconds(std::numeric_limits<double>::infinity()) == kMaxEstimateSeconds);
    CHECK(wholeSeconds(std::nan("")) == 0);
    CHECK(humanDuration(1e300) == "277777 h 46 min");
    CHECK(wholeSeconds(61.4) == 61);
}
