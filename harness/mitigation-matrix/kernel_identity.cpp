// kernel_identity.cpp - a row's kernel image, named (kernel_identity.hpp).
#include "mitigation-matrix/kernel_identity.hpp"

#include "base/errors.hpp"
#include "base/fd.hpp"
#include "base/md5.hpp"
#include "base/terminal_text.hpp"

#include <cerrno>
#include <fcntl.h>
#include <sys/utsname.h>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

// A kernel image is tens of MiB; a larger file is not one.
constexpr std::size_t kMaxImageBytes = std::size_t{512} << 20;
constexpr std::size_t kMaxReleaseChars = 64;

unsigned readU16(std::string_view s, std::size_t at) {
    return static_cast<unsigned char>(s[at]) | (static_cast<unsigned>(static_cast<unsigned char>(s[at + 1])) << 8);
}

bool releaseChar(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '-' ||
           c == '_' || c == '+' || c == '~';
}

}  // namespace

std::string currentRelease() {
    struct utsname u {};
    ::uname(&u);
    return u.release;
}

fs::path kernelImage(const MatrixRow& row) {
    if (!row.runningKernel()) return row.kernel;
    return fs::path("/boot") / ("vmlinuz-" + currentRelease());
}

void needImage(const MatrixRow& row, const KernelIdentity& kernel) {
    if (fs::is_regular_file(kernel.image)) return;
    throw UsageError("row " + row.name + ": no kernel image " + kernel.image.string() +
                     " (kernel = running needs the running kernel's image in /boot; else give the row kernel = PATH, "
                     "e.g. Debian's cloud kernel: apt-get download linux-image-cloud-amd64's linux-image-6.1.0-* and "
                     "dpkg-deb -x it; harness/mitigation-matrix/README.md)");
}

std::string bzImageRelease(std::string_view image) {
    if (image.size() < 0x210 || image.substr(0x202, 4) != "HdrS") return "";
    const std::size_t at = 0x200 + readU16(image, 0x20E);
    if (readU16(image, 0x20E) == 0 || at >= image.size()) return "";
    std::string release;
    for (std::size_t i = at; i < image.size() && releaseChar(image[i]) && release.size() < kMaxReleaseChars; ++i)
        release += image[i];
    return release;
}

KernelIdentity identifyKernel(const fs::path& image) {
    UniqueFd fd(::open(image.c_str(), O_RDONLY | O_CLOEXEC));
    std::string bytes;
    if (fd.get() < 0 || !readUpTo(fd.get(), kMaxImageBytes, bytes))
        throw UsageError(errnoMessage("kernel " + image.string() + " is not a readable file"));
    if (bytes.size() > kMaxImageBytes) throw UsageError("kernel " + image.string() + " is larger than 512 MiB");
    return {image, bzImageRelease(bytes), md5Hex(bytes)};
}

std::optional<std::string> wrongKernel(const KernelIdentity& want, const std::string& bootedRelease) {
    if (want.release.empty() || bootedRelease == want.release) return std::nullopt;
    return "another kernel booted: uname -r is \"" + escapeControls(bootedRelease) + "\", the row's " +
           escapeControls(want.image.string()) + " is \"" + escapeControls(want.release) + "\" (a fallback boot?)";
}

}  // namespace mmtp::matrix
