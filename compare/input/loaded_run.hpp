// loaded_run.hpp - one run of a tree, read once: everything a report asks of
// a run beyond its benchmarks' logs (the machine state with where it was
// measured, compare-kernels.sh's settings, the host, our workloads' clock
// checks, the boots it recorded). compare-kernels loads each run once and
// every step reads this; it used to reopen (logDir, run) step by step.
#pragma once
#include "core/warnings.hpp"
#include "input/host_record.hpp"
#include "input/machine_state.hpp"
#include "input/run_settings.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::compare {

struct LoadedRun {
    std::string name;
    RunMachineState state;             // machine_state.hpp (its own warnings inside)
    RunSettings settings;              // run_settings.hpp (its own warnings inside)
    HostRecord host;                   // host_record.hpp
    Warnings clockWarnings;            // clock_record.hpp: our workloads' clock and noise checks
    std::vector<std::string> boots;    // iter-N/boot-id, each once, in iteration order
    Warnings bootWarnings;             // boot ids refused (not regular, too long)
};

LoadedRun loadRun(const std::filesystem::path& logDir, const std::string& name);

// How many runs this process has loaded: a test counts one per run a report compares.
std::size_t runsLoaded();

}  // namespace mmtp::compare
