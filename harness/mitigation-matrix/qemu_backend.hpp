// qemu_backend.hpp - one fresh guest per boot: qemu-system-x86_64 with the
// row's kernel and cmdline and our initramfs (guest_image.hpp); the guest
// runs the config, sends its files over its second serial port, and powers
// off. A sparse scratch file is its virtio disk (the target of a workload
// that asks for one), removed after the boot. KVM when this machine can run a guest with it, else TCG, whose
// timings mean nothing (main says so, loudly).
#pragma once
#include "base/errors.hpp"
#include "mitigation-matrix/boot_files.hpp"
#include "mitigation-matrix/kernel_identity.hpp"
#include "mitigation-matrix/matrix_spec.hpp"

#include <filesystem>
#include <map>
#include <string>

namespace mmtp::matrix {

enum class Accel { Kvm, Tcg };

// KVM only with /dev/kvm readable and writable AND a CPU that shows vmx or
// svm: a /dev/kvm without them (PVM) cannot boot a stock guest kernel.
Accel chooseAccel();
const char* accelName(Accel a);

struct GuestBoot {
    BootFiles files;
    std::string console;  // ttyS0, for the boot's record
    double seconds = 0;   // qemu start to exit
};

// What went wrong with a guest, with its console for the record.
struct GuestFailed : Error {
    GuestFailed(const std::string& what, std::string consoleText) : Error(what), console(std::move(consoleText)) {}
    std::string console;
};

class QemuBackend {
public:
    // guestArchive: buildGuestArchive's bytes; scratch: a private folder.
    QemuBackend(const MatrixSpec& spec, Accel accel, std::string guestArchive, std::filesystem::path scratch);
    // Boots row's kernel once and returns what the guest sent. Throws
    // GuestFailed. The row's initramfs is built at its first boot and
    // reused by the next ones (initramfsBuilds counts them).
    GuestBoot boot(const MatrixRow& row, const KernelIdentity& kernel, int bootNumber);
    // The argv of that boot, for tests and --dry-run style messages.
    std::vector<std::string> command(const MatrixRow& row, const std::filesystem::path& kernel,
                                     const std::filesystem::path& initrd, const std::filesystem::path& console,
                                     const std::filesystem::path& data,
                                     const std::filesystem::path& scratchDisk) const;
    int initramfsBuilds() const { return int(initrds_.size()); }

private:
    const MatrixSpec& spec_;
    Accel accel_;
    std::string guestArchive_;
    std::filesystem::path scratch_;
    std::map<std::string, std::filesystem::path> initrds_;  // row -> its initramfs in scratch_

    const std::filesystem::path& rowInitramfs(const MatrixRow& row, const KernelIdentity& kernel);
};

// The kernel command line every guest gets before the row's own words, under
// qemu or LAVA (the qemu backend adds quiet: qemu_backend.cpp says why).
std::string guestCmdline(Accel accel);

// The cause a failed guest's console names: its "Kernel panic" line (or
// another fatal one), "" when it names none.
std::string consoleCause(const std::string& console);

}  // namespace mmtp::matrix
