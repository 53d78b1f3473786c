// MonitorFtrace's event reader with the pair-latency modules, and
// MonitorIotop's per-interval reduction: rows as the modules addData them.
#include "compare/test_support.hpp"
#include "monitors/monitors.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;
using compare_test::cells;
using compare_test::ScratchTree;

namespace {

std::string event(const std::string& task, const std::string& ts, const std::string& point,
                  const std::string& details) {
    return "  " + task + " [000] d..1. " + ts + ": " + point + ": " + details + "\n";
}

const std::string kBegin = "mm_vmscan_direct_reclaim_begin", kEnd = "mm_vmscan_direct_reclaim_end";
const std::string kOldFormat = "order=0 may_writepage=1 gfp_flags=GFP_KERNEL";

}  // namespace

TEST_CASE("ftrace pair latency: a stall is end minus begin in ms, sampled at seconds since the first begin",
          "[compare][monitors]") {
    ScratchTree t;
    t.write("a/iter-0/ftrace-bench",
            event("dd-1234", "100.000500", kBegin, kOldFormat) +
                event("<...>-1234", "100.002500", kEnd, "nr_reclaimed=3") +  // the pid's last name: dd
                event("kswapd0-55", "100.500500", kBegin, kOldFormat) +
                event("dd-1234", "101.000500", kBegin, kOldFormat) +
                event("kswapd0-55", "101.000500", kEnd, "nr_reclaimed=1") +
                event("dd-1234", "101.004500", kEnd, "nr_reclaimed=3") +
                // a begin the default regex cannot parse (no may_writepage) starts nothing
                event("gcc-77", "102.000000", kBegin, "order=0 gfp_flags=GFP_KERNEL") +
                event("gcc-77", "102.001000", kEnd, "nr_reclaimed=0") + "not a trace event\n");
    MonitorSession session;
    MonitorRun all = parseFtraceAllocStallMonitor({t.root() / "a/iter-0"}, {"bench", ""}, session);
    CHECK(cells(all.iterations.at(0)) == std::vector<std::string>{"delay@0=2", "delay@0.5=500", "delay@1=4"});
    MonitorRun kswapd = parseFtraceAllocStallMonitor({t.root() / "a/iter-0"}, {"bench", "kswapd"}, session);
    CHECK(cells(kswapd.iterations.at(0)) == std::vector<std::string>{"delay@0=500"});
}

TEST_CASE("ftrace pair latency: the start carries over iterations unless a .start file resets it",
          "[compare][monitors]") {
    ScratchTree t;
    for (const char* iter : {"iter-0", "iter-1", "iter-2"})
        t.write(std::string("a/") + iter + "/ftrace-bench",
                event("dd-1", std::string(iter) == "iter-0" ? "10.000000" : "12.000000", kBegin, kOldFormat) +
                    event("dd-1", "13.000000", kEnd, ""));
    t.write("a/iter-2/ftrace-bench.start", "12 1\n");
    MonitorSession session;
    MonitorRun run = parseFtraceAllocStallMonitor(
        {t.root() / "a/iter-0", t.root() / "a/iter-1", t.root() / "a/iter-2"}, {"bench", ""}, session);
    CHECK(cells(run.iterations.at(0)) == std::vector<std::string>{"delay@0=3000"});
    CHECK(cells(run.iterations.at(1)) == std::vector<std::string>{"delay@2=1000"});
    CHECK(cells(run.iterations.at(2)) == std::vector<std::string>{"delay@0=1000"});
    CHECK_THROWS_AS(parseFtraceMonitor({t.root() / "a/iter-0"}, {"bench", ""}, session), MonitorDied);
    CHECK_THROWS_AS(parseFtraceAllocStallMonitor({t.root() / "none"}, {"bench", ""}, session), MonitorDied);
}

TEST_CASE("iotop: -mean gives each interval's harmonic mean of the values over 5, when the next stamp comes",
          "[compare][monitors]") {
    ScratchTree t;
    auto batch = [](int ts, const std::string& a, const std::string& b) {
        return "time: " + std::to_string(ts) + "\nTotal DISK READ : 0.00 K/s\n    TID  PRIO  USER     DISK READ\n" +
               "  1 be/4 root " + a + " K/s 0.00 K/s 0.00 % 0.00 % dd x\n" + "  2 be/4 root " + b +
               " K/s 0.00 K/s 0.00 % 0.00 % gzip -9\n";
    };
    t.write("a/iter-0/iotop-bench", batch(100, "10.00", "40.00") + batch(102, "4.00", "20.00") +
                                        batch(104, "30.00", "30.00"));
    MonitorSession session;
    MonitorRun mean = parseIotopMonitor({t.root() / "a/iter-0"}, {"bench", "Read-mean"}, session);
    CHECK(cells(mean.iterations.at(0)) == std::vector<std::string>{"threads@0=16", "threads@2=20"});
    MonitorRun each = parseIotopMonitor({t.root() / "a/iter-0"}, {"bench", "Read"}, session);
    CHECK(cells(each.iterations.at(0)) == std::vector<std::string>{"dd@0=10.00", "gzip@0=40.00", "gzip@2=20.00",
                                                                   "dd@4=30.00", "gzip@4=30.00"});
    CHECK_THROWS_AS(parseIotopMonitor({t.root() / "a/iter-0"}, {"bench", "Read-median"}, session), MonitorDied);
    CHECK_THROWS_AS(parseIotopMonitor({t.root() / "a/iter-0"}, {"bench", ""}, session), MonitorDied);
}

TEST_CASE("ftrace single latency: the event's own delay field, times the jiffie multiplier, above the threshold",
          "[compare][monitors]") {
    ScratchTree t;
    const std::string bdp = "bdi 8:0: limit=3000 setpoint=2500 dirty=2600 bdi_setpoint=2400 bdi_dirty=2550 "
                            "dirty_ratelimit=100 task_ratelimit=90 dirtied=3 dirtied_pause=32 paused=0 pause=";
    const std::string tail = " period=8 think=-4 cgroup_ino=1";
    t.write("a/iter-0/ftrace-bench",
            event("dd-1234", "100.000500", "balance_dirty_pages", bdp + "3" + tail) +
                event("dd-1234", "100.250500", "balance_dirty_pages", bdp + "-1" + tail) +
                event("<...>-1234", "101.000500", "writeback_congestion_wait", "usec_timeout=100000 usec_delayed=1500") +
                event("kswapd0-55", "102.500500", "writeback_congestion_wait", "usec_timeout=100000 usec_delayed=0") +
                event("kswapd0-55", "103.000500", "writeback_congestion_wait", "usec_timeout=100000 usec_delayed=250") +
                event("gcc-7", "104.000500", "writeback_congestion_wait", "usec_delayed=9"));
    MonitorSession session;
    const std::vector<std::filesystem::path> iters{t.root() / "a/iter-0"};
    // pause= in jiffies at HZ=250; a negative pause is no stall.
    CHECK(cells(parseFtraceBalanceDirtyPagesStallMonitor(iters, {"bench", ""}, session).iterations.at(0)) ==
          std::vector<std::string>{"latency@0=12"});
    CHECK(cells(parseFtraceCongestionWaitStallMonitor(iters, {"bench", ""}, session).iterations.at(0)) ==
          std::vector<std::string>{"latency@0=1500", "latency@2=250"});
    CHECK(parseFtraceWaitIffCongestedStallMonitor(iters, {"bench", ""}, session).iterations.at(0).empty());
}
