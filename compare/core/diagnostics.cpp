#include "core/diagnostics.hpp"

#include "base/terminal_text.hpp"

#include <cstdlib>
#include <iostream>

namespace mmtp::compare {

namespace {

std::string& name() {
    static std::string n = "compare-mmtests";
    return n;
}

// A tree of thousands of bad files would bury what matters under its
// warnings: past this many on stderr, the rest are counted, not shown, and one
// line at exit says how many (a stream a caller collects is not capped).
constexpr std::size_t kMaxWarningsShown = 100;

struct StderrWarnings {
    std::size_t shown = 0, hidden = 0;
};

StderrWarnings& stderrWarnings() {
    static StderrWarnings w;
    return w;
}

void sayHiddenWarnings() {
    std::cerr << name() << ": warning: " << stderrWarnings().hidden << " more warnings not shown (the first "
              << kMaxWarningsShown << " are above)\n"
              << std::flush;
}

// False once the cap is reached (the first hidden one arranges the summary).
bool showOnStderr() {
    StderrWarnings& w = stderrWarnings();
    if (w.shown < kMaxWarningsShown) {
        ++w.shown;
        return true;
    }
    if (w.hidden++ == 0) std::atexit(sayHiddenWarnings);
    return false;
}

}  // namespace

void setProgramName(std::string_view n) { name() = n; }

const std::string& programName() { return name(); }

void warn(std::ostream& err, std::string_view message) {
    if (&err == &std::cerr && !showOnStderr()) return;
    err << name() << ": warning: " << escapeControls(message) << "\n";
}

void passOnLine(std::ostream& err, const std::string& line) {
    if (&err == &std::cerr && line.rfind(name() + ": warning: ", 0) == 0 && !showOnStderr()) return;
    err << line << "\n";
}

void note(std::ostream& err, std::string_view message) { err << name() << ": " << escapeControls(message) << "\n"; }

}  // namespace mmtp::compare
