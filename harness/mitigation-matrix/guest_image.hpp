// guest_image.hpp - the qemu guest's initramfs: busybox, bash (run-config
// sources configs with it), run-config and the config's workloads with what
// each says it needs (guest_needs.hpp: programs from PATH, accounts, the
// scratch disk's variable), each binary with the shared libraries ldd names,
// the config, the modules that show the scratch disk, and an /init that
// runs the config (its iterations) and sends the boot's files back over the
// second serial port (boot_files.hpp) before it powers off.
#pragma once
#include "mitigation-matrix/kernel_identity.hpp"
#include "mitigation-matrix/matrix_spec.hpp"

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::matrix {

struct GuestPayload {
    std::filesystem::path busybox;  // run as /bin/busybox; its applets are linked at boot
    std::filesystem::path bash;
    std::filesystem::path runConfig;
    std::filesystem::path checker;  // mitigation-matrix, run as matrix-boot-check (guest_check.hpp)
    std::vector<std::filesystem::path> workloads;  // found beside run-config in the guest
    // What the workloads need: programs (name -> this machine's path; on the
    // guest's PATH ahead of busybox's applets), accounts, scratch variables.
    std::vector<std::pair<std::string, std::filesystem::path>> programs;
    std::vector<std::string> users;
    std::vector<std::string> scratchDiskVariables;
};

// One file of the initramfs: its path in the guest (relative) and on this machine.
struct GuestFile {
    std::string at;
    std::filesystem::path from;
    bool operator==(const GuestFile&) const = default;
};

// The binaries on this machine (busybox from PATH or /bin/busybox, bash from
// PATH, run-config and every config's MMTESTS, read as text and never run
// here (config_text.hpp), from binDir, and what those workloads' own
// --print-needs name). Throws UnsupportedError naming what is missing.
GuestPayload findGuestPayload(const std::filesystem::path& binDir, const std::vector<std::filesystem::path>& configs);

// The binaries of the archive every boot shares and the libraries ldd names
// for them, each once; scratch is a private folder for ldd's output.
std::vector<GuestFile> guestFiles(const GuestPayload& payload, const std::filesystem::path& scratch);
// That archive: guestFiles and /init.
std::string buildGuestArchive(const GuestPayload& payload, const std::filesystem::path& scratch);
// The row's archive appended to it (the kernel reads concatenated cpio
// archives): /matrix/row, the row's config as /matrix/config, the
// iterations a boot runs as /matrix/iterations, what the boot must show as
// /matrix/check (guest_check.hpp), and the row kernel's modules
// (guest_modules.hpp) with /matrix/modules, their load order.
std::string rowArchive(const MatrixRow& row, int iterations, const KernelIdentity& kernel,
                       const std::vector<GuestFile>& modules);

// The absolute library paths `ldd FILE` prints (the loader included).
std::vector<std::string> sharedLibraries(const std::filesystem::path& binary, const std::filesystem::path& scratch);

// The guest's /init, a busybox sh script.
std::string guestInitScript();

}  // namespace mmtp::matrix
