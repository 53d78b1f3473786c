// compare_app.hpp - compare-mmtests: the command line of MMTests'
// bin/compare-mmtests.pl and the flow from log tree to printed table.
#pragma once
#include <iosfwd>

namespace mmtp::compare {

// The whole program: tables on out, warnings on err; returns the exit
// status. Throws mmtp::UsageError for bad options and std::exception for
// anything that stops the comparison (main reports them with
// mmtp::runReportingErrors).
int compareMmtests(int argc, const char* const argv[], std::ostream& out, std::ostream& err);

}  // namespace mmtp::compare
