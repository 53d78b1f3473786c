// diagnostics.hpp - how compare-mmtests and compare-kernels warn: one line
// "PROG: warning: MESSAGE" under the program's own name (the code that loads
// runs is shared, and compare-kernels used to warn as compare-mmtests), the
// message escaped for a terminal (names in it come from the tree).
#pragma once
#include <iosfwd>
#include <string>
#include <string_view>

namespace mmtp::compare {

// Set once, first thing in main; "compare-mmtests" until then.
void setProgramName(std::string_view name);
const std::string& programName();

// "PROG: warning: MESSAGE\n", MESSAGE through mmtp::escapeControls.
void warn(std::ostream& err, std::string_view message);
// "PROG: MESSAGE\n" for a note that is not a warning (--verbose, a failed part).
void note(std::ostream& err, std::string_view message);

}  // namespace mmtp::compare
