// Numbers from a tree that reach a loop, an index or a conversion: a CPU
// field of 30 digits, a NUMA fault counter that jumps by 10^17, an operation
// name of 50 kB that a user's regex would recurse over.
#include "compare/test_support.hpp"
#include "monitors/monitors.hpp"
#include "stats/extraction.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace mmtp::compare;
using compare_test::ScratchTree;

namespace {

// MonitorNumaconvergence.pm's loop as the Perl runs it, step by step: the oracle.
struct PerlWindow {
    std::vector<int> slots = std::vector<int>(20000, 0);
    std::size_t index = 0;
    void push(int v) {
        slots[index] = v;
        if (++index == slots.size()) index = 0;
    }
    double convergence() const {
        long local = 0;
        for (int v : slots) local += v == 1 ? 0 : 1;
        return static_cast<double>(local) / 20000;
    }
};

std::string vmstatSnapshots(const std::vector<std::pair<long long, long long>>& faultsAndLocal) {
    std::string text;
    long t = 1000;
    for (auto [faults, local] : faultsAndLocal)
        text += "time: " + std::to_string(t++) + "\nnuma_hint_faults " + std::to_string(faults) +
                "\nnuma_hint_faults_local " + std::to_string(local) + "\n";
    return text + "time: " + std::to_string(t) + "\n";
}

}  // namespace

TEST_CASE("numaconvergence skips only the window pushes that are overwritten", "[compare][monitors]") {
    // Steps of 5,000,100 faults (50,001 batches) and more: past two windows.
    const std::vector<std::pair<long long, long long>> counters = {
        {100, 50}, {5000200, 3000150}, {5000200 + 7300000, 3000150 + 100}, {5000200 + 7300000 + 4100000, 3000150 + 4000200}};
    ScratchTree t;
    t.write("iter-0/proc-vmstat-bench", vmstatSnapshots(counters));
    MonitorSession session;
    MonitorRun run = parseNumaConvergenceMonitor({t.root() / "iter-0"}, {"bench", ""}, session);
    REQUIRE(run.iterations.size() == 1);
    PerlWindow perl;
    std::vector<double> expected;
    long long lastFaults = 0, lastLocal = 0;
    for (auto [faults, local] : counters) {
        long long newLocal = 0, newRemote = 0;
        if (lastFaults != 0) newLocal = local - lastLocal, newRemote = faults - lastFaults - newLocal;
        lastFaults = faults, lastLocal = local;
        long long l = newLocal / 100, r = newRemote / 100;
        while (l || r) {
            if (r) perl.push(1), --r;
            if (l) perl.push(0), --l;
        }
        expected.push_back(perl.convergence());
    }
    REQUIRE(run.iterations[0].size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) CHECK(std::stod(run.iterations[0][i].value) == expected[i]);
}

TEST_CASE("numaconvergence finishes at once on a counter step of 10^17 faults", "[compare][monitors]") {
    ScratchTree t;
    t.write("iter-0/proc-vmstat-bench", vmstatSnapshots({{100, 50}, {100000000000000100, 50}}));
    MonitorSession session;
    MonitorRun run = parseNumaConvergenceMonitor({t.root() / "iter-0"}, {"bench", ""}, session);
    REQUIRE(run.iterations[0].size() == 2);
    CHECK(std::stod(run.iterations[0][1].value) == 0);  // every slot remote
    t.write("iter-0/proc-vmstat-bench", "time: 1\nnuma_hint_faults 1\ntime: 2\nnuma_hint_faults 1e300\ntime: 3\n");
    CHECK_THROWS_AS(parseNumaConvergenceMonitor({t.root() / "iter-0"}, {"bench", ""}, session), MonitorDied);
}

TEST_CASE("an mpstat CPU field of 30 digits is a number, as in Perl, not a signed overflow", "[compare][monitors]") {
    ScratchTree t;
    t.write("iter-0/cpu-topology-mmtests.txt", "node 0 socket 0 core 0 cpu 0\n");
    const std::string header = "time: 100\nLinux 6.1 (h)\n\n";
    const std::string frame = "10:00:00 CPU %usr %nice %sys %iowait %irq %soft %steal %guest %gnice %idle\n"
                              "10:00:00 all 1 0 0 0 0 0 0 0 0 99\n"
                              "10:00:00 999999999999999999999999999999 1 0 0 0 0 0 0 0 0 90\n"
                              "10:00:00 0 1 0 0 0 0 0 0 0 80\n\n";
    t.write("iter-0/mpstat-bench",
            header + "time: 100\n" + frame + "time: 101\n" + frame + "time: 102\n" + frame + "time: 103\n" + frame);
    MonitorSession session;
    MonitorRun run = parseMpstatMonitor({t.root() / "iter-0"}, {"bench", "node-0"}, session);
    REQUIRE(run.iterations.size() == 1);
    CHECK(run.iterations[0].size() == 3);
}

TEST_CASE("operation names over the name limit are refused before a regex sees them", "[compare][stats]") {
    Extraction x;
    const std::string longName(kMaxOperationNameBytes + 1, 'A');
    bool regexRan = false;
    x.addRows(RowTable(Rows{Row{longName, "", "", "1", "5", ""}, Row{"RPS", "", "", "1", "6", ""}}),
              [&](const std::string& label) {
                  regexRan = regexRan || label.size() > kMaxOperationNameBytes;
                  return true;
              });
    x.addData(longName + "x", "1", "2");
    x.setOperations({"RPS", longName});
    CHECK_FALSE(regexRan);
    CHECK(x.refusedLongNames() == 3);
    CHECK(x.operations() == std::vector<std::string>{"RPS"});
    CHECK(x.samples(longName) == nullptr);
}
