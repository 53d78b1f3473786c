// system_state.hpp - what run-mmtests.sh records about the machine in each
// iteration (shellpacks/common.sh: sysstate_log_basic_info,
// collect_hardware_info, collect_kernel_info, sysstate_log_proc_files, and
// the end of its iteration loop), with the same commands, file names and
// compression, where they apply to a by-hand run.
#pragma once
#include "run-config/run_tree.hpp"

#include <filesystem>
#include <string>

namespace mmtp::runconfig {

// Before the first benchmark: tests-sysstate's version/arch/ip/mount
// sections, lscpu.txt.gz, cpu-topology-mmtests.txt.gz, cstate-latencies-RUN.txt,
// cpuidle-latencies.txt, cpuidle.tar.gz, *-tuning*.gz, systemctl-units.txt,
// kernel.version, ... (each only where its source exists, as in MMTests).
void recordIterationStart(RunLog& log, const std::filesystem::path& iterDir, const std::string& runName);

// "file start|end :: /proc/vmstat" and the file, for the five /proc files
// MMTests' mmtests-vmstat and mmtests-schedstat reports read.
void recordProcFiles(RunLog& log, const std::string& when);

// After the last benchmark: preempt-dynamic, security-lsm, dmesg.gz,
// journalctl-kernel.gz, os-release.
void recordIterationEnd(const std::filesystem::path& iterDir);

// bin/list-cpu-toplogy.sh's lines ("node N socket S core C thread T cpu X
// llc L"), from sysfs instead of numactl.
std::string cpuTopologyText(const std::filesystem::path& sysCpu = "/sys/devices/system/cpu",
                            const std::filesystem::path& sysNode = "/sys/devices/system/node");

// bin/set-cstate-latency.pl's listing ("c-0   POLL    0").
std::string cstateLatencyText(const std::filesystem::path& cpuidle = "/sys/devices/system/cpu/cpu0/cpuidle");

}  // namespace mmtp::runconfig
