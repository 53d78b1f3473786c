// reboot_step.hpp - the kexec and manual backends: the matrix runs on this
// machine, one boot per iteration, and every invocation is one step of the
// schedule (the machine reboots between steps):
//   1. a boot marked measuring means the machine went down mid-run: failed, redone;
//   2. a boot marked started: if the boot_id differs from the one it left,
//      this is that boot: measure here, judge, record; else the reboot has
//      not happened yet: say so again;
//   3. arrange the next boot (kexec -l + kexec, or instructions) and return.
// The reboot, the boot_id and the measurement are hooks, so the tests run
// the whole schedule with "reboots" that only change the boot_id.
#pragma once
#include "mitigation-matrix/boot_files.hpp"
#include "mitigation-matrix/matrix_spec.hpp"
#include "mitigation-matrix/schedule.hpp"

#include <filesystem>
#include <functional>
#include <string>

namespace mmtp::matrix {

struct RebootHooks {
    std::function<std::string()> currentBootId;
    // Records this boot and, when it is the row's (guest_check.hpp), runs
    // the config once on it; returns the boot's files (boot/... evidence
    // and log/ROW/...), like a guest's.
    std::function<BootFiles(const MatrixRow& row, const KernelIdentity& kernel)> measureHere;
    // Arranges the next boot into row's kernel (kexec: loads and executes
    // it; manual: prints what to boot). Called after the state that names it is saved.
    std::function<void(const MatrixRow& row, const KernelIdentity& kernel, int bootNumber)> arrangeReboot;
};

enum class StepResult { RebootArranged, StillWaiting, Done };

// more: --until-decided's rounds (schedule.hpp); empty: the fixed schedule.
StepResult rebootStep(const MatrixSpec& spec, const std::filesystem::path& workDir, const RebootHooks& hooks,
                      const MoreBoots& more = {});

}  // namespace mmtp::matrix
