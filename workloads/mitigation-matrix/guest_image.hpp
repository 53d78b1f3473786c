// guest_image.hpp - the qemu guest's initramfs: busybox, bash (run-config
// sources configs with it), run-config and the config's workloads, each
// with the shared libraries ldd names, the config, and an /init that runs
// the config once and sends the boot's files back over the second serial
// port (boot_files.hpp) before it powers off.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::matrix {

struct GuestPayload {
    std::filesystem::path busybox;  // run as /bin/busybox; its applets are linked at boot
    std::filesystem::path bash;
    std::filesystem::path runConfig;
    std::vector<std::filesystem::path> workloads;  // found beside run-config in the guest
};

// The binaries on this machine (busybox from PATH or /bin/busybox, bash from
// PATH, run-config and every config's MMTESTS from binDir). Throws
// UnsupportedError naming what is missing.
GuestPayload findGuestPayload(const std::filesystem::path& binDir, const std::vector<std::filesystem::path>& configs);

// The archive every boot shares; scratch is a private folder for ldd's output.
std::string buildGuestArchive(const GuestPayload& payload, const std::filesystem::path& scratch);
// The per-boot archive appended to it (the kernel reads concatenated cpio
// archives): /matrix/row and the row's config as /matrix/config.
std::string rowArchive(const std::string& rowName, const std::filesystem::path& config);

// The absolute library paths `ldd FILE` prints (the loader included).
std::vector<std::string> sharedLibraries(const std::filesystem::path& binary, const std::filesystem::path& scratch);

// The guest's /init, a busybox sh script.
std::string guestInitScript();

}  // namespace mmtp::matrix
