// unit_quoting.hpp - paths into text another program reads: the kexec
// resume unit (systemd is not a shell: it expands `%` specifiers and `$`
// variables at every boot, as root, and a newline starts a unit line) and
// the manual backend's "then run:" line (pasted into a shell).
#pragma once
#include <string>

namespace mmtp::matrix {

// One word for a POSIX shell: '...' with each ' as '\''.
std::string shellQuoted(const std::string& s);

// Throws UsageError naming `what` when s holds a control character (a
// newline would add unit lines; no escape is safe in every unit setting).
void refuseControlsInUnit(const std::string& what, const std::string& s);
// One ExecStart= word: "..." with \ and " escaped, % as %%, $ as $$.
std::string systemdQuoted(const std::string& s);
// Text for a unit setting that expands specifiers (Description=): % as %%.
std::string systemdSpecifierEscaped(const std::string& s);

}  // namespace mmtp::matrix
