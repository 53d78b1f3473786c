// compare-kernels: MMTests' compare-kernels.sh as a native program, the
// verdict first (report/kernels_app.hpp).
#include "base/errors.hpp"
#include "report/command_line.hpp"
#include "report/kernels_app.hpp"

#include <iostream>

int main(int argc, char** argv) {
    return mmtp::runReportingErrors("compare-kernels", [&] {
        return mmtp::compare::withFailuresAsErrors([&] {
            return mmtp::compare::compareKernels(argc, argv, std::cout, std::cerr);
        });
    });
}
