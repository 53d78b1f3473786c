// run_selection.hpp - the runs compare-kernels reports: those of the work/log
// directory, or --baseline and --compare, less --exclude, in role order or
// by --sort-version.
#pragma once
#include "core/warnings.hpp"
#include "kernels/model.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// The runs to report, baseline first (kernel list rules of compare-kernels.sh).
// Throws std::runtime_error when the directory holds no runs or a named run is missing.
// Runs it cannot use (a symlink loop, a FIFO as tests-activity) are skipped
// with a warning.
// roleOrder (when given) receives the runs before --sort-version ordered them.
std::vector<std::string> selectRuns(const KernelsOptions& options, Warnings& warnings,
                                    std::vector<std::string>* roleOrder = nullptr);

}  // namespace mmtp::compare
