// The guest's qemu command: the row's kernel and cmdline after the guest's
// own, TCG with the matrix's CPU model, KVM with the host's, the scratch
// disk as a raw virtio drive; the scratch file does not outlive the boot.
#include "mitigation-matrix/qemu_backend.hpp"

#include "common/preflight.hpp"
#include "common/temp_dir.hpp"
#include "skip.hpp"

#include <catch2/catch.hpp>
#include <fstream>

using namespace mmtp::matrix;
namespace fs = std::filesystem;

TEST_CASE("a guest boots the row's kernel with the row's cmdline after console and panic", "[mitigation-matrix]") {
    MatrixSpec spec;
    const MatrixRow row{"off", "/k/vmlinuz", "", "mitigations=off", {}, {}, "config"};
    const QemuBackend tcg(spec, Accel::Tcg, "", "/s");
    CHECK(tcg.command(row, "/k/vmlinuz", "/i", "/c", "/d", "/s/scratch.img") ==
          std::vector<std::string>{"qemu-system-x86_64",
                                   "-accel",
                                   "tcg",
                                   "-cpu",
                                   "EPYC-Rome",
                                   "-m",
                                   "512",
                                   "-smp",
                                   "2",
                                   "-nodefaults",
                                   "-display",
                                   "none",
                                   "-no-reboot",
                                   "-kernel",
                                   "/k/vmlinuz",
                                   "-initrd",
                                   "/i",
                                   "-append",
                                   "console=ttyS0 panic=-1 no_timer_check quiet mitigations=off",
                                   "-serial",
                                   "file:/c",
                                   "-serial",
                                   "file:/d",
                                   "-drive",
                                   "file=/s/scratch.img,if=virtio,format=raw"});
    const QemuBackend kvm(spec, Accel::Kvm, "", "/s");
    const auto argv = kvm.command(row, "/k/vmlinuz", "/i", "/c", "/d", "/s/scratch.img");
    CHECK(argv[2] == "kvm");
    CHECK(argv[4] == "host");
    CHECK(argv[18] == "console=ttyS0 panic=-1 quiet mitigations=off");  // no_timer_check only under TCG
}

TEST_CASE("a comma in the scratch disk's path is doubled, as qemu's -drive reads it", "[mitigation-matrix]") {
    MatrixSpec spec;
    const MatrixRow row{"off", "/k/vmlinuz", "", "", {}, {}, "config"};
    const auto argv = QemuBackend(spec, Accel::Tcg, "", "/s").command(row, "/k/vmlinuz", "/i", "/c", "/d", "/a,b/scratch.img");
    CHECK(argv.back() == "file=/a,,b/scratch.img,if=virtio,format=raw");
}

TEST_CASE("the boot's scratch disk is removed after a boot qemu fails", "[mitigation-matrix]") {
    if (mmtp::findExecutable("qemu-system-x86_64").empty()) SKIP_TEST("no qemu-system-x86_64");
    mmtp::TempDir scratch("qemu-backend-test");
    // Not a kernel: qemu opens the drive, refuses the kernel, and exits 1.
    std::ofstream(scratch.path() / "vmlinuz") << "not a kernel\n";
    std::ofstream(scratch.path() / "config") << "export MMTESTS=pipe-pingpong\n";
    MatrixSpec spec;
    spec.bootTimeoutSeconds = 120;
    spec.guestCpuModel = "qemu64";  // no TCG feature warnings before qemu's reason
    const MatrixRow row{"off", (scratch.path() / "vmlinuz").string(), "", "", {}, {}, scratch.path() / "config"};
    QemuBackend qemu(spec, Accel::Tcg, "", scratch.path());
    std::string why;
    try {
        qemu.boot(row, {scratch.path() / "vmlinuz", "", "md5"}, 7);
    } catch (const GuestFailed& e) {
        why = e.what();
    }
    INFO(why);
    CHECK(why.rfind("qemu ", 0) == 0);                         // qemu ran and failed ...
    CHECK(why.find("scratch.img") == std::string::npos);       // ... not over the drive
    CHECK(fs::exists(scratch.path() / "boot-7/console"));  // a failed boot's files stay for the record
    CHECK(qemu.initramfsBuilds() == 1);
    CHECK_FALSE(fs::exists(scratch.path() / "boot-7/scratch.img"));
}

TEST_CASE("a failed guest's console names its panic", "[mitigation-matrix]") {
    CHECK(consoleCause("[ 0.1] ok\r\n[ 1.2] Kernel panic - not syncing: IO-APIC + timer doesn't work!\r\n") ==
          "[ 1.2] Kernel panic - not syncing: IO-APIC + timer doesn't work!");
    CHECK(consoleCause("[ 0.1] all well\n").empty());
}
