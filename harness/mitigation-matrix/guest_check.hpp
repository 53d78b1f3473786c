// guest_check.hpp - the boot check run where the boot happened, before the
// workload: the guest's /init (and the kexec/manual step) records the
// boot, judges it with the same code the host uses (boot_check.hpp,
// kernel_identity.hpp), and runs the config only on a boot that is its
// row's, so a rejected boot costs its boot and nothing more. The host judges
// the returned evidence again; its word is the one kept.
#pragma once
#include "mitigation-matrix/boot_check.hpp"
#include "mitigation-matrix/kernel_identity.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace mmtp::matrix {

// What the check needs of a row, as a file for the guest (/matrix/check):
//   row NAME / release RELEASE / cmdline WORDS / expect FILE: TEXT / expect-dmesg TEXT
std::string rowCheckText(const MatrixRow& row, const KernelIdentity& kernel);

struct RowCheck {
    MatrixRow row;
    KernelIdentity kernel;  // release only
};
// Throws Error naming the line it does not understand.
RowCheck parseRowCheck(const std::string& text);

// nullopt: the boot is the row's; else why not (the wrong kernel first).
std::optional<std::string> checkBoot(const RowCheck& check, const BootEvidence& evidence);

// The guest's check program (mitigation-matrix run as matrix-boot-check):
//   matrix-boot-check CHECK-FILE EVIDENCE-DIR
// EVIDENCE-DIR holds boot-id, release, cmdline, vulnerabilities, dmesg.
// Prints "accepted" or "rejected: WHY"; exit 0 accepted, 1 rejected, 2 error.
int guestCheckMain(int argc, char** argv);

}  // namespace mmtp::matrix
