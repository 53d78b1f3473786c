// compare-kernels: MMTests' compare-kernels.sh as a native program, the
// verdict first (kernels/app.hpp).
#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "core/buffer_reuse.hpp"
#include "core/diagnostics.hpp"
#include "load/command_line.hpp"
#include "kernels/app.hpp"

#include <iostream>

int main(int argc, char** argv) {
    mmtp::TerminalSafeOutput safe;  // no control character from a tree reaches the terminal raw
    mmtp::compare::keepFreedBuffersForReuse();
    mmtp::compare::setProgramName("compare-kernels");
    return mmtp::compare::runWithBisectExits(argc, argv, std::cerr, [&] {
        return mmtp::compare::withFailuresAsErrors(
            [&] { return mmtp::compare::compareKernels(argc, argv, std::cout, std::cerr); });
    });
}
