// unit_quoting.cpp - shell and systemd quoting (unit_quoting.hpp).
#include "mitigation-matrix/unit_quoting.hpp"

#include "base/errors.hpp"
#include "base/terminal_text.hpp"

namespace mmtp::matrix {

std::string shellQuoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

void refuseControlsInUnit(const std::string& what, const std::string& s) {
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7f)
            throw UsageError(what + " '" + escapeControls(s) +
                             "' holds a control character; it cannot go into the kexec resume unit");
}

std::string systemdQuoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '%' || c == '$') out += c;  // %% and $$: the character itself
        out += c;
    }
    return out + "\"";
}

std::string systemdSpecifierEscaped(const std::string& s) {
    std::string out;
    for (char c : s) out += c == '%' ? std::string("%%") : std::string(1, c);
    return out;
}

}  // namespace mmtp::matrix
