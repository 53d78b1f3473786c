// Paths into the kexec resume unit and the manual backend's "then run:"
// line: systemd expands % and $ and ends a setting at a newline, so a path
// is quoted for systemd (or refused); the manual line is quoted for a shell.
#include "mitigation-matrix/unit_quoting.hpp"
#include "mitigation-matrix/local_boot.hpp"

#include "base/errors.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using namespace mmtp::matrix;

namespace {
std::string lineStarting(const std::string& text, const std::string& start) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(start, 0) == 0) return line;
    return "";
}
}  // namespace

TEST_CASE("the resume unit quotes paths for systemd: %, $, quotes and backslashes escaped",
          "[mitigation-matrix][unit-quoting]") {
    const LocalSetup setup{"/opt/bin/mitigation-matrix", "/m/$HOME/50%", "/w/a \"b\"\\c", "/opt/bin"};
    const std::string unit = systemdUnitText(setup);
    CHECK(lineStarting(unit, "ExecStart=") ==
          "ExecStart=\"/opt/bin/mitigation-matrix\" \"/m/$$HOME/50%%\" --work-dir \"/w/a \\\"b\\\"\\\\c\" --backend "
          "kexec");
    CHECK(lineStarting(unit, "Description=") ==
          "Description=mitigation-matrix: resume the boot schedule in /w/a \"b\"\\c");
    const LocalSetup percent{"/opt/bin/mitigation-matrix", "/m/x", "/w/%h", "/opt/bin"};
    CHECK(lineStarting(systemdUnitText(percent), "Description=") ==
          "Description=mitigation-matrix: resume the boot schedule in /w/%%h");
}

TEST_CASE("a path with a control character never reaches the resume unit", "[mitigation-matrix][unit-quoting]") {
    // A newline would add unit lines (ExecStartPre=, run as root at every boot).
    const LocalSetup setup{"/opt/bin/mitigation-matrix", "/m/x", "/w/a\nExecStartPre=/bin/touch /owned", "/opt/bin"};
    CHECK_THROWS_WITH(systemdUnitText(setup),
                      "the work dir '/w/a\\nExecStartPre=/bin/touch /owned' holds a control character; it cannot go "
                      "into the kexec resume unit");
    const LocalSetup tab{"/opt/bin/mitigation-matrix", "/m/\tx", "/w", "/opt/bin"};
    CHECK_THROWS_AS(systemdUnitText(tab), mmtp::UsageError);
}

TEST_CASE("the manual backend's then-run line is quoted for a shell", "[mitigation-matrix][unit-quoting]") {
    MatrixSpec spec;
    MatrixRow row;
    row.name = "A";
    row.kernel = "running";
    const LocalSetup setup{"/opt/bin/mitigation-matrix", "/m/my matrix", "/w/it's;touch x", "/opt/bin"};
    const KernelIdentity kernel{"/boot/vmlinuz-7.1", "7.1", "md5"};
    CHECK(lineStarting(manualInstructions(spec, row, kernel, 3, setup), "  then run: ") ==
          "  then run: '/opt/bin/mitigation-matrix' '/m/my matrix' --work-dir '/w/it'\\''s;touch x' --backend manual");
    CHECK(shellQuoted("") == "''");
}
