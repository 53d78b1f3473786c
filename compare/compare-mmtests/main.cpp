// compare-mmtests: MMTests' compare-mmtests.pl as a native program.
#include "base/errors.hpp"
#include "report/command_line.hpp"
#include "report/compare_app.hpp"

#include <iostream>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    return mmtp::runReportingErrors("compare-mmtests", [&] {
        return mmtp::compare::withFailuresAsErrors([&] {
            return mmtp::compare::compareMmtests(argc, argv, std::cout, std::cerr);
        });
    });
}
