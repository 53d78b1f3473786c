// machine_state.hpp - what the machine looked like in each run: the
// mitigation snapshot run-config writes (cpu-vulnerabilities.txt,
// speculation-prctl.txt, microcode.txt, cmdline.txt, else the command line of
// dmesg.gz), and where it was measured (provenance.txt, "provenance/KEY":
// measured-on, cpu-model, and a matrix guest's qemu, qemu-cpu, host-*). The first thing a reader of a mitigation report needs is where
// runs differ. (compare-kernels.sh's own sections: input/run_settings.hpp.)
#pragma once
#include "core/warnings.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace mmtp::compare {

struct RunMachineState {
    std::string run;
    std::map<std::string, std::string> entries;  // "vulnerabilities/spectre_v2" -> "Mitigation: ..."
    std::string uname;                           // iter-0/kernel.version (uname -a), "" without one
    Warnings warnings;                           // snapshot files refused (not regular, past a limit)
};

// "measured-on" of a run's provenance.txt, "" when it recorded none.
std::string measuredOn(const RunMachineState& s);

// A snapshot file that cannot be read is left out with a warning, not fatal.
RunMachineState readMachineState(const std::filesystem::path& logDir, const std::string& run);

struct StateDifference {
    std::string key;
    std::vector<std::string> values;  // one per run, "(unavailable)" when missing
};

// The entries whose values are not the same in every run.
std::vector<StateDifference> differingEntries(const std::vector<RunMachineState>& runs);

// Tokens (split at any of separators) that not every run's value has, per
// run ("" when a run has none of them); empty when every run has the same.
std::vector<std::string> tokensNotShared(const std::vector<std::string>& values, const std::string& separators);
// ... of the kernel command lines (tokens split at blanks).
std::vector<std::string> cmdlineTokensNotShared(const std::vector<std::string>& cmdlines);

// Text section: "Mitigation state" differences (or that they agree), in
// MMTests' "%-40s %s" layout; the command line shows only the tokens that differ.
std::string renderMachineStateText(const std::vector<RunMachineState>& runs);

}  // namespace mmtp::compare
