// duration_estimate.hpp - what a workload's --estimate is built from: its
// own settings times costs measured on a 2-vCPU VM (workloads/README.md,
// "How long a run takes"). run-config asks the binary (BINARY --estimate
// with the config's variables) instead of knowing any workload's model.
#pragma once
#include <optional>
#include <string>

namespace mmtp {

// Starting the binary and its preflight, per run.
inline constexpr double kProcessStartSeconds = 0.3;

// How many counts MMTests sweeps between MIN and MAX (1, 2, 4, ..., MAX).
int powerOfTwoSteps(long minimum, long maximum);

// --estimate's one line: the seconds (shortest text that reads back as the
// same double, so a caller sums what the workload computed), or "unknown"
// when the duration depends on the machine (a size-bound fio job).
std::string estimateLine(const std::optional<double>& seconds);

}  // namespace mmtp
