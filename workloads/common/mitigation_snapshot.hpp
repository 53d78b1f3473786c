// mitigation_snapshot.hpp - records the speculative-execution mitigation
// state a run was measured under, next to its results:
//   cpu-vulnerabilities.txt  every /sys/devices/system/cpu/vulnerabilities/*
//                            as "name: value"
//   cmdline.txt              /proc/cmdline
//   microcode.txt            microcode revision(s) from /proc/cpuinfo
//   speculation-prctl.txt    PR_GET_SPECULATION_CTRL of this task for
//                            indirect_branch, store_bypass, l1d_flush, decoded
//   provenance.txt           where it was measured, as "key: value" lines:
//                            measured-on (bare metal, or virtual machine when
//                            the CPU says it runs under a hypervisor), cpu-model,
//                            cpu-vendor. The mitigation matrix adds what only its
//                            host knows (TCG or KVM, qemu and its -cpu model).
#pragma once
#include <filesystem>
#include <string>

namespace mmtp {

struct MitigationSources {
    std::filesystem::path vulnerabilitiesDir = "/sys/devices/system/cpu/vulnerabilities";
    std::filesystem::path cmdline = "/proc/cmdline";
    std::filesystem::path cpuinfo = "/proc/cpuinfo";
};

std::string vulnerabilitiesText(const std::filesystem::path& dir);
// "microcode: 0xa101148 (cpus 0-1)" per distinct revision, or a line saying none was found.
std::string microcodeText(const std::filesystem::path& cpuinfo);
std::string speculationPrctlText();
std::string provenanceText(const std::filesystem::path& cpuinfo);

// Writes the five files into dir (created if needed). Throws Error on IO failure.
void writeMitigationSnapshot(const std::filesystem::path& dir,
                             const MitigationSources& src = {});

}  // namespace mmtp
