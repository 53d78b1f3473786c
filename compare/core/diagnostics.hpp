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

// "PROG: warning: MESSAGE\n", MESSAGE through mmtp::escapeControls. On
// std::cerr, past the first 100 of a program run the warnings are counted,
// not shown, and one line at exit says how many (docs/trust-model.md).
void warn(std::ostream& err, std::string_view message);
// A line warn() or note() wrote into another stream (a step's collected
// output), written on to err: a warning counts against that cap too.
void passOnLine(std::ostream& err, const std::string& line);
// "PROG: MESSAGE\n" for a note that is not a warning (--verbose, a failed part).
void note(std::ostream& err, std::string_view message);

}  // namespace mmtp::compare
