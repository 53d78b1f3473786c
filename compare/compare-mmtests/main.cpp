// compare-mmtests: MMTests' compare-mmtests.pl as a native program.
#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "core/buffer_reuse.hpp"
#include "core/diagnostics.hpp"
#include "load/command_line.hpp"
#include "compare-mmtests/compare_app.hpp"

#include <iostream>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    mmtp::TerminalSafeOutput safe;  // no control character from a tree reaches the terminal raw
    mmtp::compare::keepFreedBuffersForReuse();
    mmtp::compare::setProgramName("compare-mmtests");
    return mmtp::runReportingErrors("compare-mmtests", [&] {
        return mmtp::compare::withFailuresAsErrors(
            [&] { return mmtp::compare::compareMmtests(argc, argv, std::cout, std::cerr); });
    });
}
