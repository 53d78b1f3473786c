// compare_app.hpp - compare-mmtests: the command line of MMTests'
// bin/compare-mmtests.pl and the flow from log tree to printed table.
#pragma once
#include <iosfwd>

namespace mmtp::compare {

// Returns the exit status. Errors are one line on err; output goes to out.
int runCompareMmtests(int argc, const char* const argv[], std::ostream& out, std::ostream& err);

}  // namespace mmtp::compare
