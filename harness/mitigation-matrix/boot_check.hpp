// boot_check.hpp - what a boot showed (uname, /proc/cmdline, the
// vulnerabilities directory, dmesg) and whether that is the state its row
// asked for. The decision is positive: each parameter of the row's cmdline
// must show its own effect (mitigation_params.hpp), so a parameter the kernel
// ignored ("RETBleed: Ignoring unknown retbleed option (ibrs)"), refused
// ("Unsupported mitigations=Off") or never saw (after "--") rejects the
// boot, quoting the kernel's line, instead of measuring the default under
// the row's name.
#pragma once
#include "mitigation-matrix/matrix_spec.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::matrix {

struct BootEvidence {
    std::string bootId;
    std::string release;
    std::string cmdline;
    std::map<std::string, std::string> vulnerabilities;  // file -> text
    std::vector<std::string> dmesg;                      // all lines
};

// `grep . DIR/*` output ("DIR/FILE:TEXT" lines) -> file -> text.
std::map<std::string, std::string> parseVulnerabilities(const std::string& grepOutput);

// The dmesg lines about mitigations and boot parameters.
std::vector<std::string> mitigationLines(const std::vector<std::string>& dmesg);

// nullopt: the boot is the row's; else why not, in one line naming what
// differs (and quoting the dmesg line, when one says why).
std::optional<std::string> rejection(const MatrixRow& row, const BootEvidence& boot);

// At load: a cmdline word whose effect the table cannot show needs the
// row's own expect lines; nullopt when every word is verifiable.
std::optional<std::string> unverifiableParameter(const MatrixRow& row);

// The record kept in iter-N/matrix-boot.txt (and beside a rejected boot).
std::string bootRecordText(const MatrixRow& row, int bootNumber, const BootEvidence& boot,
                           const std::optional<std::string>& rejected);

}  // namespace mmtp::matrix
