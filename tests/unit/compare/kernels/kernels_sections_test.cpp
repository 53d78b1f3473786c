// compare-kernels.sh's sections before the benchmarks, and its per-benchmark
// plan, as compare-kernels.sh prints and calls them.
#include "compare/test_support.hpp"
#include "input/machine_state.hpp"
#include "input/run_settings.hpp"
#include "kernels/plan.hpp"
#include "kernels/preamble.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;
using compare_test::ScratchTree;

namespace {

std::vector<std::string> describe(const std::vector<PlanStep>& steps) {
    std::vector<std::string> out;
    for (const PlanStep& s : steps) out.push_back(s.kind == PlanStep::Kind::Line ? "echo " + s.text : describeStep(s));
    return out;
}

}  // namespace

TEST_CASE("the dmesg command line is extract-dmesg-cmdline's: sorted unique tokens without boot, root and resume",
          "[compare][kernels]") {
    CHECK(cmdlineOfDmesg("[0.0] x\n[0.0] Kernel Command line: root=/dev/vda quiet BOOT_IMAGE=/vmlinuz mitigations=off "
                         "quiet resume=UUID=1 a=1\n") == "a=1 mitigations=off quiet ");
    CHECK(cmdlineOfDmesg("[0.0] no such line\n") == "No command line available in dmesg log");
}

TEST_CASE("settings sections print only when runs differ, in compare-kernels.sh's layout", "[compare][kernels]") {
    ScratchTree t;
    t.write("log/a/iter-0/security-lsm", "lockdown,capability\n");
    t.write("log/b/iter-0/security-lsm", "capability\n");
    t.write("log/a/iter-0/preempt-dynamic", "full\n");
    t.write("log/b/iter-0/preempt-dynamic", "full\n");
    t.write("log/a/iter-0/storageioqueue.txt", "/sys/block/vda/queue/nr_requests:256\n"
                                                "/sys/block/vda/queue/scheduler:[mq-deadline]   none\n");
    std::vector<RunSettings> runs = {readRunSettings(t.root() / "log", "a"), readRunSettings(t.root() / "log", "b")};
    std::string text = renderPreambleText(runs);
    // Preemption and C-states agree (both "(unavailable)" for C-states): no section for them.
    CHECK(text == "Test LSM module order\n"
                  "a:                                       lockdown,capability\n"
                  "b:                                       capability\n"
                  "Storage scheduler\n"
                  "a:                                       [mq-deadline] none\n");
}

TEST_CASE("the baseline's option files are printed once each, repeated lines dropped", "[compare][kernels]") {
    ScratchTree t;
    t.write("log/a/iter-0/runtime.opts", "Runtime options\nRun: x\nRun: x\nRun: y\n");
    t.write("log/a/iter-0/sub/compiler.opts", "CFLAGS -O2");
    t.write("log/b/iter-0/sysctl.opts", "Sysctl options\n");
    Warnings w;
    CHECK(optionBlocks(t.root() / "log", "a", w) == "CFLAGS -O2\n\nRuntime options\nRun: x\nRun: y\n\n");
    CHECK(w.empty());
}

TEST_CASE("each benchmark gets compare-kernels.sh's headings and sub-heading splits", "[compare][kernels]") {
    CHECK(describe(benchmarkSteps("redis")) ==
          std::vector<std::string>{"echo redis RPS", "--sub-heading .*RPS", "echo ", "echo redis lat95",
                                   "--sub-heading .*lat95", "echo ", "echo "});
    CHECK(describe(benchmarkSteps("monitor")) ==
          std::vector<std::string>{"echo No meaningful extraction script for monitor", "echo ", "echo "});
    CHECK(describe(benchmarkSteps("stressng")) == std::vector<std::string>{"echo stressng", "table", "echo "});
    CHECK(describe(benchmarkSteps("fiolike")) ==
          std::vector<std::string>{"echo fiolike Throughput", "table", "echo ", "echo fiolike kIOPS", "-a iops",
                                   "echo ", "echo fiolike CPU", "-a cpu", "echo ", "echo "});
    CHECK(describe(benchmarkSteps("redis-zpopmin"))[4] == "-a latency");
}

TEST_CASE("monitor tables follow compare-kernels.sh's conditions", "[compare][kernels]") {
    ScratchTree t;
    t.write("log/a/iter-0/tests-timestamp", "");
    CHECK(describe(monitorSteps(t.root() / "log", "a")) ==
          std::vector<std::string>{"--print-monitor duration", "echo ", "--print-monitor mmtests-vmstat", "echo ",
                                   "--print-monitor mmtests-schedstat"});
    t.write("log/a/iter-0/perf-time-stat-x.gz", "");
    t.write("log/a/iter-0/iostat-x.gz", "");
    t.write("log/read-latency-a-x", "");  // compare-kernels.sh looks in the log directory itself
    std::vector<std::string> steps = describe(monitorSteps(t.root() / "log", "a"));
    CHECK(std::vector<std::string>(steps.begin() + 5, steps.end()) ==
          std::vector<std::string>{"--print-monitor perf-time-stat", "--print-monitor iostat",
                                   "--print-monitor read-latency", "echo ",
                                   "--print-monitor read-latency --sub-heading breakdown=100"});
}

TEST_CASE("the mitigation state shows only the command-line tokens that differ", "[compare][kernels]") {
    CHECK(cmdlineTokensNotShared({"quiet mitigations=auto", "mitigations=off quiet"}) ==
          std::vector<std::string>{"mitigations=auto", "mitigations=off"});
    CHECK(cmdlineTokensNotShared({"quiet a", "a quiet"}).empty());
    CHECK(tokensNotShared({"lockdown,capability", "capability", "capability,bpf"}, ", ") ==
          std::vector<std::string>{"lockdown", "", "bpf"});
    ScratchTree t;
    t.write("log/a/iter-0/cmdline.txt", "quiet ro mitigations=auto\n");
    t.write("log/b/iter-0/cmdline.txt", "quiet ro\n");
    std::string text = renderMachineStateText({readMachineState(t.root() / "log", "a"), readMachineState(t.root() / "log", "b")});
    CHECK(text.find("cmdline (only the tokens not in every run)\n") != std::string::npos);
    CHECK(text.find("  a:                                     mitigations=auto\n") != std::string::npos);
    CHECK(text.find("quiet") == std::string::npos);
}
