// lava_jobs.hpp - the matrix as LAVA jobs: one job per (machine, round, row,
// iteration), in the schedule's order, each pinned to its machine by
// `tags:` and carrying its row's command line and the matrix's metadata.
// For qemu devices the command line goes into the kernel's image_arg
// (-append); LAVA reads `context: extra_kernel_args` only when a server
// renders a bare-metal device type's template. `context: arch` is required.
#pragma once
#include "mitigation-matrix/matrix_spec.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::matrix {

// A machine of the fleet: its name (also its LAVA tag) and LAVA device type.
struct LavaMachine {
    std::string name;
    std::string deviceType;
};

// "NAME=DEVICE-TYPE" (--machine); throws UsageError naming the option.
LavaMachine parseMachine(const std::string& text);

// One boot as a LAVA job.
struct LavaJob {
    std::string matrix;  // the matrix file's name
    LavaMachine machine;
    const MatrixRow* row = nullptr;
    int round = 0;      // 1-based: the row's round-th boot
    int iteration = 0;  // the iter-N it becomes if accepted
    int boot = 0;       // the schedule's boot number
    std::string kernelUrl;
    std::string ramdiskUrl;
    std::string guestArgs;  // what every guest gets before the row's words (guestCmdline)
};

// The job's YAML. timeoutSeconds: the boot's (boot-timeout-seconds).
std::string lavaJobYaml(const LavaJob& job, int timeoutSeconds);

// The kernel's -append for a row: guestArgs (the console, a panic that ends
// the boot, TCG's no_timer_check) and the row's cmdline, quoted for LAVA's
// command-line split.
std::string lavaKernelArg(const MatrixRow& row, const std::string& guestArgs);

// A device dictionary for lava-run (lava-dispatcher alone): a qemu device
// of the matrix's guest CPU, memory and CPUs, TCG or KVM.
std::string qemuDeviceYaml(const MatrixSpec& spec, bool kvm);

// --emit lava DIR: DIR/jobs/MACHINE/NNN-ROW.yaml (NNN the boot number),
// DIR/ramdisk/ROW.cpio, DIR/manifest.tsv (one line per job, in order),
// DIR/device-qemu.yaml. binDir: where run-config and the workloads are.
void emitLavaJobs(const MatrixSpec& spec, const std::vector<LavaMachine>& machines, const std::filesystem::path& dir,
                  const std::filesystem::path& binDir);

}  // namespace mmtp::matrix
