// kernel_identity.hpp - which kernel a row boots: its image, the release
// the image says it is (what `uname -r` must print in its boots), and a
// digest of its bytes. Taken when the row is first scheduled and kept in
// the state, so a boot of another kernel (grub's fallback after a failed
// kexec) is not counted as the row, and an image rebuilt at the same path
// is refused on resume instead of pooled with the old one's boots.
#pragma once
#include "mitigation-matrix/matrix_spec.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace mmtp::matrix {

// The md5 of a "running" row whose image is not on this machine.
inline constexpr const char* kNoImage = "no-image";

struct KernelIdentity {
    std::filesystem::path image;
    std::string release;  // "" when the image carries no version string
    std::string md5;
    bool operator==(const KernelIdentity&) const = default;
};

// The kernel image of a row: its path, or /boot/vmlinuz-$(uname -r) for
// "running" (resolved once, when the schedule binds it: after a kexec into
// another row's kernel, uname names that one).
std::filesystem::path kernelImage(const MatrixRow& row);

// uname -r of this machine.
std::string currentRelease();

// Throws UsageError, with how to get one, unless the row's image is a file
// (qemu boots it, kexec loads it).
void needImage(const MatrixRow& row, const KernelIdentity& kernel);

// The release in an x86 bzImage's setup header (the first word of the
// string at 0x200 + the 16-bit offset at 0x20E, when "HdrS" is at 0x202);
// "" for any other file.
std::string bzImageRelease(std::string_view image);

// Reads the image (bounded). Throws UsageError naming it when it cannot.
KernelIdentity identifyKernel(const std::filesystem::path& image);

// nullopt when the boot ran the identified kernel; else why not, one line.
std::optional<std::string> wrongKernel(const KernelIdentity& want, const std::string& bootedRelease);

}  // namespace mmtp::matrix
