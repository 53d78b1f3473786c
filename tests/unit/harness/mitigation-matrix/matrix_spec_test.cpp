// The matrix file: its rows, its schedule, and one-line errors naming file and line.
#include "mitigation-matrix/matrix_spec.hpp"
#include "base/errors.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>

using namespace mmtp;
using namespace mmtp::matrix;

namespace {
const char* kMatrix = R"(# two rows
[matrix]
config = config-x
order = mirrored
boots-per-row = 3
budget-minutes = 10

[row default]
kernel = running
expect = spectre_v2: Mitigation

[row off]
kernel = /boot/vmlinuz-x
config = /c/config-y
initrd = /boot/initrd.img-x
cmdline = mitigations=off retbleed=off
expect = retbleed: Vulnerable
expect-dmesg = mitigations off
)";

std::string errorOf(const std::string& text) {
    try {
        parseMatrixText(text, "/m/matrix");
    } catch (const UsageError& e) {
        return e.what();
    }
    return "";
}
}  // namespace

TEST_CASE("a matrix file gives its rows, their expectations and the schedule", "[mitigation-matrix]") {
    const MatrixSpec s = parseMatrixText(kMatrix, "/m/matrix");
    CHECK(s.config == "/m/config-x");
    CHECK(s.order == BootOrder::Mirrored);
    CHECK(s.bootsPerRow == 3);
    CHECK(s.budgetSeconds == 600);
    CHECK(s.budgetBoots == 12);  // rows x boots x 2 when unset
    REQUIRE(s.rows.size() == 2);
    CHECK(s.rows[0].runningKernel());
    CHECK(s.rows[0].expect[0].file == "spectre_v2");
    CHECK(s.rows[0].expect[0].prefix == "Mitigation");
    CHECK(s.rows[1].cmdline == "mitigations=off retbleed=off");
    CHECK(s.rows[1].initrd == "/boot/initrd.img-x");
    CHECK(s.rows[0].config == "/m/config-x");  // the matrix's
    CHECK(s.rows[1].config == "/c/config-y");  // its own
    CHECK(s.rows[1].expectDmesg == std::vector<std::string>{"mitigations off"});
}

TEST_CASE("${NAME} in a matrix value comes from the environment, and an unset one is an error", "[mitigation-matrix]") {
    ::setenv("MATRIX_TEST_KERNEL", "/k/vmlinuz", 1);
    const auto s = parseMatrixText("[matrix]\nconfig=c\n[row a]\nkernel = ${MATRIX_TEST_KERNEL}\n", "/m/x");
    CHECK(s.rows[0].kernel == "/k/vmlinuz");
    ::unsetenv("MATRIX_TEST_KERNEL");
    CHECK(errorOf("[matrix]\nconfig=c\n[row a]\nkernel = ${MATRIX_TEST_KERNEL}\n") ==
          "/m/matrix:4: ${MATRIX_TEST_KERNEL} is not set in the environment");
}

TEST_CASE("a bad matrix file is refused naming the file and line", "[mitigation-matrix]") {
    CHECK(errorOf("[matrix]\nconfig=c\nboots-per-row = 0\n[row a]\nkernel=running\n") ==
          "/m/matrix:3: boots-per-row must be a whole number in 1..1000, not '0'");
    CHECK(errorOf("[matrix]\nconfig=c\n[row a/b]\nkernel=running\n").find("/m/matrix:3: row name:") == 0);
    CHECK(errorOf("[matrix]\nconfig=c\n[row a]\nkernel=running\n[row a]\n") == "/m/matrix:5: row a is defined twice");
    CHECK(
        errorOf("[matrix]\nconfig=c\n[row a]\nkernel=running\nexpect = ../x: y\n") ==
        "/m/matrix:5: expect must be 'FILE: TEXT' (a file of /sys/devices/system/cpu/vulnerabilities), not '../x: y'");
    CHECK(errorOf("[matrix]\nconfig=c\n[row a]\n") == "/m/matrix:0: row a sets no kernel (a path, or 'running')");
    CHECK(errorOf("[matrix]\nconfig=c\nfrobnicate = 1\n") == "/m/matrix:3: unknown key 'frobnicate' in [matrix]");
    CHECK(errorOf("[row a]\nkernel=running\n") == "/m/matrix:0: no [matrix] section");
    CHECK(errorOf("[matrix]\n[row a]\nkernel=running\n") ==
          "/m/matrix:0: row a has no config ([matrix] config, or the row's own)");
}

TEST_CASE("a matrix value or line with a control character is refused at parse time", "[mitigation-matrix]") {
    // The cmdline reaches the terminal, the kernel and the kexec unit: ESC, CR
    // or a newline is refused by key and byte, never echoed.
    CHECK(errorOf("[matrix]\nconfig=c\n[row a]\nkernel=running\ncmdline = x\x1b]0;owned\x07\n") ==
          "/m/matrix:5: cmdline holds a control character (byte 0x1b); matrix values are refused with one");
    CHECK(errorOf("[matrix]\nconfig=c\n[row a]\nkernel=running\ncmdline = x\ry\n") ==
          "/m/matrix:5: cmdline holds a control character (byte 0x0d); matrix values are refused with one");
    CHECK(errorOf("[matrix]\nconfig=c\n[row a\x1b[2J]\nkernel=running\n") ==
          "/m/matrix:3: the section header holds a control character (byte 0x1b); matrix values are refused with "
          "one");
    ::setenv("MATRIX_TEST_CMDLINE", "quiet\nExecStartPre=/bin/sh", 1);
    CHECK(errorOf("[matrix]\nconfig=c\n[row a]\nkernel=running\ncmdline = ${MATRIX_TEST_CMDLINE}\n") ==
          "/m/matrix:5: cmdline holds a control character (byte 0x0a); matrix values are refused with one");
    ::unsetenv("MATRIX_TEST_CMDLINE");
    // A tab between key and value is layout, not a value.
    CHECK(parseMatrixText("[matrix]\nconfig\t=\tc\n[row a]\nkernel=running\n", "/m/x").rows.size() == 1);
}

TEST_CASE("guest-scratch-mib sizes the guest's scratch disk, 256 MiB by default", "[mitigation-matrix]") {
    CHECK(parseMatrixText(kMatrix, "/m/matrix").guestScratchMiB == 256);
    const auto with = [](const std::string& line) {
        std::string text = kMatrix;
        return text.insert(text.find("[matrix]\n") + 9, line + "\n");
    };
    CHECK(parseMatrixText(with("guest-scratch-mib = 64"), "/m/matrix").guestScratchMiB == 64);
    CHECK(errorOf(with("guest-scratch-mib = 0")).find("guest-scratch-mib") != std::string::npos);
}

TEST_CASE("a row whose cmdline the matrix cannot verify by itself needs expect lines, or the matrix is refused",
          "[mitigation-matrix]") {
    CHECK(errorOf("[matrix]\nconfig=c\n[row a]\nkernel = /k\ncmdline = Mitigations=off\n") ==
          "/m/matrix:0: row a: Mitigations=off: the matrix cannot tell by itself whether the kernel took it (not a "
          "mitigation parameter it knows; docs/mitigation-parameters.md): add an 'expect = FILE: TEXT' line that "
          "shows it");
    CHECK(errorOf("[matrix]\nconfig=c\n[row a]\nkernel = /k\ncmdline = mitigations=off retbleed=unret\n").empty());
    CHECK(errorOf("[matrix]\nconfig=c\n[row a]\nkernel = /k\ncmdline = l1tf=off\nexpect = l1tf: Mitigation\n").empty());
}
