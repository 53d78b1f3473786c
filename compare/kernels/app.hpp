// app.hpp - compare-kernels: the command line of MMTests'
// compare-kernels.sh plus ours (verdicts, thresholds, mail, bisect) and the
// flow from a work/log directory to the printed report.
#pragma once
#include <functional>
#include <iosfwd>

namespace mmtp::compare {

// The whole program: the report on out (or into --output-dir), warnings on
// err; returns the exit status (--bisect: git bisect run's 0/1/125). Throws
// mmtp::UsageError for bad options and std::exception for anything that
// stops the report (main reports them with mmtp::runReportingErrors).
int compareKernels(int argc, const char* const argv[], std::ostream& out, std::ostream& err);

// Runs body (the program) with its errors reported on err, as
// mmtp::runReportingErrors does; under --bisect an error that stopped it is
// git bisect run's skip (125) and a wrong command line its stop (128), never
// a 1 that would read as "bad".
int runWithBisectExits(int argc, const char* const argv[], std::ostream& err, const std::function<int()>& body);

}  // namespace mmtp::compare
