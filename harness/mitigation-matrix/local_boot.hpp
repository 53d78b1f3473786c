// local_boot.hpp - the real hooks of the kexec and manual backends
// (reboot_step.hpp): this machine's boot_id, the config run here with
// run-config, and the next boot arranged by kexec or printed for a person.
#pragma once
#include "mitigation-matrix/kernel_identity.hpp"
#include "mitigation-matrix/reboot_step.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::matrix {

struct LocalSetup {
    std::filesystem::path self;        // this program, for the systemd unit
    std::filesystem::path matrixFile;  // as given, made absolute
    std::filesystem::path workDir;     // absolute
    std::filesystem::path binDir;      // run-config and the workloads
    bool untilDecided = false;         // the next step is run with --until-decided too
    int iterationsPerBoot = 0;         // and with --iterations-per-boot N (0: not given)
};

// `kexec -l IMAGE [--initrd=INITRD] --append=BASE ROWCMDLINE`; a running-kernel
// row uses /boot/vmlinuz-$(uname -r) and /boot/initrd.img-$(uname -r).
std::vector<std::string> kexecLoadCommand(const MatrixSpec& spec, const MatrixRow& row, const KernelIdentity& kernel);

// A oneshot unit that runs the next step after each boot.
std::string systemdUnitText(const LocalSetup& setup);

// What a person does for the next boot: the kernel, the cmdline, a
// grub-reboot line, and the command to run after it.
std::string manualInstructions(const MatrixSpec& spec, const MatrixRow& row, const KernelIdentity& kernel,
                               int bootNumber, const LocalSetup& setup);

RebootHooks kexecHooks(const MatrixSpec& spec, const LocalSetup& setup);
RebootHooks manualHooks(const MatrixSpec& spec, const LocalSetup& setup);

// This boot's /proc/sys/kernel/random/boot_id.
std::string currentBootId();

}  // namespace mmtp::matrix
