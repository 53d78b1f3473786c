// The monitor parsers read their logs as MMTests' Monitor*.pm modules do,
// including the module state that outlives one run or iteration.
#include "compare/test_support.hpp"
#include "monitors/text.hpp"
#include "monitors/monitors.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;
using compare_test::runCompare;
using compare_test::cells;
using compare_test::ScratchTree;

namespace {

// An iostat -x (sysstat 12 layout) report for one device, behind the
// monitor's timing prefix. MMTests' busy test reads field 13 (queue here)
// and its w_await field 15 (2.5).
std::string iostatReport(double ts, const std::string& dev, const std::string& queue) {
    std::string prefix = " " + std::to_string(ts) + " 0.0 0.0 -- ";
    return prefix + "Device r/s w/s rkB/s wkB/s rrqm/s wrqm/s %rrqm %wrqm r_await w_await aqu-sz rareq-sz "
                    "wareq-sz svctm %util\n" +
           prefix + dev + " 1 2 3 4 5 6 7 " + queue + " 9 2.5 11 12 13 14\n" + prefix + "\n";
}

}  // namespace

TEST_CASE("whitespace splits keep Perl's leading empty field and drop trailing ones", "[compare][monitors]") {
    CHECK(splitBlankRuns("  a  b  ") == std::vector<std::string>{"", "a", "b"});
    CHECK(splitEachBlank("a  b\n") == std::vector<std::string>{"a", "", "b"});
    CHECK(splitLiteral("x--y----z--", "--") == std::vector<std::string>{"x", "y", "", "z"});
    CHECK(splitBlankRuns("").empty());
}

TEST_CASE("a device busy in one run stays reported in later runs, as iostat's file-scope hash does",
          "[compare][monitors]") {
    ScratchTree t;
    // run a: vda's queue exceeds 1 once; run b: vda is never that busy.
    t.write("a/iostat-bench", iostatReport(1, "vda", "3.0") + iostatReport(3, "vda", "3.0"));
    t.write("b/iostat-bench", iostatReport(1, "vda", "0.5") + iostatReport(3, "vda", "0.5"));
    MonitorSession session;
    MonitorRequest request{"bench", "vda-w_await"};
    MonitorRun b0 = parseIostatMonitor({t.root() / "b"}, request, session);
    CHECK(b0.iterations.at(0).empty());  // not busy yet: nothing read
    MonitorRun a = parseIostatMonitor({t.root() / "a"}, request, session);
    CHECK(cells(a.iterations.at(0)) == std::vector<std::string>{"vda-w_await@2=2.5"});  // first report skipped
    MonitorRun b1 = parseIostatMonitor({t.root() / "b"}, request, session);
    CHECK(cells(b1.iterations.at(0)) == std::vector<std::string>{"vda-w_await@2=2.5"});
    CHECK(a.fieldLength == 12);
}

TEST_CASE("interrupt sources are counted between snapshots and listed sorted when they fired over 10",
          "[compare][monitors]") {
    ScratchTree t;
    auto snapshot = [](int ts, int loc, int res) {
        return "time: " + std::to_string(ts) + "\n           CPU0       CPU1\n LOC: " + std::to_string(loc) + " " +
               std::to_string(loc) + "   Local timer interrupts\n RES: " + std::to_string(res) +
               " 0   Rescheduling interrupts\n";
    };
    t.write("iter-0/proc-interrupts-bench",
            snapshot(100, 0, 0) + snapshot(102, 100, 5) + snapshot(104, 200, 10) + snapshot(106, 300, 30));
    MonitorSession session;
    MonitorRun run = parseProcInterruptsMonitor({t.root() / "iter-0"}, {"bench", ""}, session);
    // The block after the last snapshot line is never reported; RES grew by 5 (not > 10) then by 20.
    CHECK(cells(run.iterations.at(0)) ==
          std::vector<std::string>{"Local-timer-interrupts@2=200", "Local-timer-interrupts@4=200"});
    REQUIRE(run.operations);
    CHECK(*run.operations == std::vector<std::string>{"Local-timer-interrupts"});
}

TEST_CASE("a monitor log that is missing drops the run, as the module dies closing it", "[compare][monitors]") {
    ScratchTree t;
    t.write("log/a/iter-0/tests-sysstate", "MemTotal: 1024 kB\n");
    t.write("log/a/iter-0/vmstat-bench", " 1.0 0 0 -- 1 0 0 2048 0 0 0 0 0 0 10 10 30 20 50 0 0\n");
    t.write("log/b/iter-0/tests-sysstate", "MemTotal: 1024 kB\n");
    auto r = runCompare({"-d", (t.root() / "log").string(), "-b", "bench", "-n", "a,b", "--print-monitor", "vmstat"});
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Amean sy             20.00\n") != std::string::npos);
    CHECK(r.out.find(" b\n") == std::string::npos);  // b is not a column
    CHECK(r.err.find("run b dropped") != std::string::npos);
}

TEST_CASE("vmstat's sub-heading names a column exactly; top's is a process regex", "[compare][monitors]") {
    ScratchTree t;
    t.write("log/a/iter-0/tests-sysstate", "MemTotal: 1024 kB\n");
    t.write("log/a/iter-0/vmstat-bench", " 1.0 0 0 -- 1 0 0 2048 0 0 0 0 0 0 10 10 30 20 50 0 0\n");
    auto exact = runCompare({"-d", (t.root() / "log").string(), "-b", "bench", "-n", "a", "--print-monitor",
                             "vmstat", "--sub-heading", "s"});
    CHECK(exact.status != 0);  // "s" is no vmstat column: the run dies, nothing is left
    auto pfree = runCompare({"-d", (t.root() / "log").string(), "-b", "bench", "-n", "a", "--print-monitor",
                             "vmstat", "--sub-heading", "pfree"});
    REQUIRE(pfree.status == 0);
    CHECK(pfree.out.find("Amean pfree            200.00\n") != std::string::npos);  // 2048 KiB of 1024 free
}

TEST_CASE("latency bins grow like Fibonacci from 1000; breakdown=N sets the minimum",
          "[compare][monitors]") {
    std::vector<std::string> stats = latencyStats("");
    REQUIRE(stats.at(0) == "samplespct-min,1000");
    CHECK(stats.at(1) == "samplespct-1000,2000");
    CHECK(stats.at(4) == "samplespct-5000,8000");
    CHECK(latencyStats("batch=5").at(0) == "samplespct-min,1050");
    CHECK(latencyStats("breakdown=100").at(0) == "samplespct-min,100");
    CHECK(latencyStats("breakdown").at(0) == "samplespct-min,");  // no value: undef
}
