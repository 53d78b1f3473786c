// The machine's limits, first in the report: a boot parameter a run's name
// carries but its recorded mitigation state does not show, and a benchmark
// that could not run for a capability the kernel lacks.
#include "kernels/machine_limits.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

namespace {
RunMachineState state(const std::string& run, const std::string& retbleed, const std::string& cmdline) {
    return {run, {{"vulnerabilities/retbleed", retbleed}, {"cmdline", cmdline}}, {}, {}};
}
}  // namespace

TEST_CASE("a run's mitigation words are its name's parts with '=' or a known switch", "[compare][machine-limits]") {
    CHECK(mitigationWords("v6.8-retbleed=ibrs") == std::vector<std::string>{"retbleed=ibrs"});
    CHECK(mitigationWords("v6.8-nosmt-mitigations=off") == std::vector<std::string>{"mitigations=off", "nosmt"});
    CHECK(mitigationWords("v7.1.3-first").empty());
}

TEST_CASE("runs named for different mitigations with the same recorded state are flagged",
          "[compare][machine-limits]") {
    KernelsData d;
    d.states = {state("k-retbleed=ibrs", "Vulnerable", "root=/dev/sda retbleed=ibrs"),
                state("k-mitigations=off", "Vulnerable", "root=/dev/sda mitigations=off"),
                state("k-retbleed=stuff", "Mitigation: IBRS", "root=/dev/sda retbleed=stuff")};
    CHECK(machineLimits(d) ==
          std::vector<std::string>{"the same recorded mitigation state: k-retbleed=ibrs, k-mitigations=off",
                                   "  so the boot parameter did not take effect (retbleed=ibrs, mitigations=off)"});
}

TEST_CASE("an A/B/A of one name and runs without a recorded state are not flagged", "[compare][machine-limits]") {
    KernelsData d;
    d.states = {
        state("v7-first", "Vulnerable", "x"), state("v7-return", "Vulnerable", "x"), {"a=1", {}, {}, {}}, {"a=2", {}, {}, {}}};
    CHECK(machineLimits(d).empty());
}

TEST_CASE("a benchmark that failed for a missing capability says which", "[compare][machine-limits]") {
    KernelsData d;
    BenchmarkResults b;
    b.name = "ibpb-pulse";
    RunValidity v{"k", RunProblem::Failed, "ibpb-pulse exited 255 in iter-0: ...", 1,
                  "per-task indirect-branch control absent (spectre_v2_user=prctl)"};
    b.validity = {v};
    d.benchmarks.push_back(b);
    CHECK(machineLimits(d) ==
          std::vector<std::string>{"k: ibpb-pulse could not run: per-task indirect-branch control absent "
                                   "(spectre_v2_user=prctl)"});
}

TEST_CASE("runs timed under TCG say so first",
          "[compare][machine-limits]") {
    KernelsData d;
    auto measured = [](const std::string& run, const std::string& where, const std::string& cpu) {
        return RunMachineState{run, {{"provenance/measured-on", where}, {"provenance/cpu-model", cpu}}, {}, {}};
    };
    d.states = {measured("default", "TCG emulation (qemu)", "AMD EPYC-Rome Processor"),
                measured("off", "TCG emulation (qemu)", "AMD EPYC-Rome Processor")};
    CHECK(machineLimits(d) ==
          std::vector<std::string>{"timings under emulation (TCG), not a hardware measurement: default, off"});
    d.states = {measured("a", "bare metal", "X"), measured("b", "bare metal", "X")};
    CHECK(machineLimits(d).empty());
}
