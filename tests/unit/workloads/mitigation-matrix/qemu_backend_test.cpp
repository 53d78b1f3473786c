// The guest's qemu command: the row's kernel and cmdline after the guest's
// own, TCG with the matrix's CPU model, KVM with the host's.
#include "mitigation-matrix/qemu_backend.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::matrix;

TEST_CASE("a guest boots the row's kernel with the row's cmdline after console and panic", "[mitigation-matrix]") {
    MatrixSpec spec;
    const MatrixRow row{"off", "/k/vmlinuz", "", "mitigations=off", {}, {}, "config"};
    const QemuBackend tcg(spec, Accel::Tcg, "", "/s");
    CHECK(tcg.command(row, "/i", "/c", "/d") == std::vector<std::string>{"qemu-system-x86_64",
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
                                                                         "console=ttyS0 panic=-1 mitigations=off",
                                                                         "-serial",
                                                                         "file:/c",
                                                                         "-serial",
                                                                         "file:/d"});
    const QemuBackend kvm(spec, Accel::Kvm, "", "/s");
    const auto argv = kvm.command(row, "/i", "/c", "/d");
    CHECK(argv[2] == "kvm");
    CHECK(argv[4] == "host");
}
