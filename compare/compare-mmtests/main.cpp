// compare-mmtests: MMTests' compare-mmtests.pl as a native program.
#include "report/compare_app.hpp"

#include <iostream>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    return mmtp::compare::runCompareMmtests(argc, argv, std::cout, std::cerr);
}
