// recorded_state.hpp - what each run recorded of the system it measured:
// the kernel release, the kernel command line and the machine. Runs are
// grouped by it before their names: three dated snapshots named ltc-DATE
// are three kernels, and a retbleed=off boot named like the baseline is not
// a repeat of it.
#pragma once
#include "input/host_record.hpp"
#include "input/machine_state.hpp"
#include "input/run_settings.hpp"

#include <map>
#include <string>
#include <vector>

namespace mmtp::compare {

struct RecordedState {
    std::string release, cmdline, machine;  // "" when not recorded
};

// From the run's host record, mitigation snapshot and settings (cmdline.txt,
// else dmesg's "Command line:"; boot-loader tokens such as BOOT_IMAGE= left out).
RecordedState recordedState(const HostRecord& host, const RunMachineState& state, const RunSettings& settings);

// Where two runs' records differ, "kernel release 5.8 / 5.9"; "" when they
// agree on every field both recorded.
std::string stateDifference(const RecordedState& a, const RecordedState& b);

using RecordedStates = std::map<std::string, RecordedState>;  // by run name

}  // namespace mmtp::compare
