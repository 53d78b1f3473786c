// app.hpp - compare-kernels: the command line of MMTests'
// compare-kernels.sh plus ours (verdicts, thresholds, mail, bisect) and the
// flow from a work/log directory to the printed report.
#pragma once
#include <iosfwd>

namespace mmtp::compare {

// The whole program: the report on out (or into --output-dir), warnings on
// err; returns the exit status (--bisect: git bisect run's 0/1/125). Throws
// mmtp::UsageError for bad options and std::exception for anything that
// stops the report (main reports them with mmtp::runReportingErrors).
int compareKernels(int argc, const char* const argv[], std::ostream& out, std::ostream& err);

}  // namespace mmtp::compare
