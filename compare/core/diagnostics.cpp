#include "core/diagnostics.hpp"

#include "base/terminal_text.hpp"

#include <ostream>

namespace mmtp::compare {

namespace {

std::string& name() {
    static std::string n = "compare-mmtests";
    return n;
}

}  // namespace

void setProgramName(std::string_view n) { name() = n; }

const std::string& programName() { return name(); }

void warn(std::ostream& err, std::string_view message) {
    err << name() << ": warning: " << escapeControls(message) << "\n";
}

void note(std::ostream& err, std::string_view message) { err << name() << ": " << escapeControls(message) << "\n"; }

}  // namespace mmtp::compare
