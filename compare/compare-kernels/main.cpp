// compare-kernels: MMTests' compare-kernels.sh as a native program, the
// verdict first (kernels/app.hpp).
#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "core/diagnostics.hpp"
#include "report/command_line.hpp"
#include "kernels/app.hpp"
#include "store/store_view.hpp"

#include <iostream>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
    mmtp::TerminalSafeOutput safe;  // no control character from a tree reaches the terminal raw
    mmtp::compare::setProgramName("compare-kernels");
    return mmtp::compare::runWithBisectExits(argc, argv, std::cerr, [&] {
        return mmtp::compare::withFailuresAsErrors([&] {
            // --store DB: the stored runs as a private tree, then as usual.
            auto view = mmtp::compare::store::storeView(argc, argv, mmtp::compare::store::Program::CompareKernels);
            if (!view) {
                int status = mmtp::compare::compareKernels(argc, argv, std::cout, std::cerr);
                for (int i = 1; i < argc; ++i)
                    if (std::string_view(argv[i]) == "--help" || std::string_view(argv[i]) == "-h")
                        std::cout << mmtp::compare::store::storeHelp();
                return status;
            }
            std::vector<const char*> args = view->argv();
            return mmtp::compare::compareKernels(static_cast<int>(args.size() - 1), args.data(), std::cout, std::cerr);
        });
    });
}
