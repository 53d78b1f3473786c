// lava_guest.hpp - what a LAVA boot's initramfs differs in from a qemu
// backend's. LAVA's qemu and bare-metal boots have one port, the console, and
// LAVA ends a boot at a shell prompt it is told (`prompts:`), so /init's tail
// here sends the boot's files on the console between MATRIX-BEGIN and
// MATRIX-END (the same form as boot_files.hpp's) and then starts a shell
// with that prompt instead of powering off. LAVA unpacks a ramdisk with cpio,
// which stops at the first trailer, so a row's ramdisk is one archive.
#pragma once
#include "mitigation-matrix/guest_image.hpp"
#include "mitigation-matrix/kernel_identity.hpp"
#include "mitigation-matrix/matrix_spec.hpp"

#include <filesystem>
#include <map>
#include <string>

namespace mmtp::matrix {

// The prompt the guest ends at; the jobs name it in `prompts:`.
inline constexpr const char* kLavaPrompt = "matrix-guest# ";

// /matrix/tail, which /init sources after run-config when it exists.
std::string lavaInitTail();

// The row's ramdisk: the shared archive, the row's archive and the tail
// merged into one cpio archive (one trailer, at the end).
std::string lavaRowRamdisk(const std::string& sharedArchive, const std::string& rowArchiveBytes);

// archive without its TRAILER!!! entry; throws Error when it does not end
// with the trailer CpioWriter writes.
std::string withoutTrailer(const std::string& archive);

// Every row's ramdisk as outDir/ROW.cpio (written atomically) for its kernel
// (row name -> identity: the check /init runs wants its release); binDir:
// where run-config and the workloads are. Returns row name -> file.
std::map<std::string, std::filesystem::path> writeRowRamdisks(const MatrixSpec& spec,
                                                              const std::map<std::string, KernelIdentity>& kernels,
                                                              const std::filesystem::path& binDir,
                                                              const std::filesystem::path& outDir);

}  // namespace mmtp::matrix
