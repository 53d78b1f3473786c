// machine_limits.hpp - what the machine could not do, first in the report
// (text, HTML and mail), above the verdict it qualifies: runs timed under
// TCG emulation (their provenance.txt); a run a benchmark could
// not measure for a capability the kernel lacks (its log names the boot
// parameter, input/failure_cause.hpp), and runs whose names differ in a
// mitigation boot parameter (retbleed=ibrs, mitigations=off) but whose
// recorded mitigation state is the same: the parameter did not take effect,
// so their difference measures nothing.
#pragma once
#include "kernels/page.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// One line each, at most a few dozen; empty when the machine did all.
std::vector<std::string> machineLimits(const KernelsData& data);

// "Measured on: WHERE, CPU MODEL\n" of the first run's provenance.txt (TCG
// emulation, a virtual machine, bare metal), "" when it recorded none: the
// first line of the text report's verdict, the HTML page and the mail.
std::string measuredOnLine(const KernelsData& data);

// The mitigation boot parameters a run's name carries: its '-'-separated
// words that hold a '=' (retbleed=ibrs) or are a known switch (nosmt).
std::vector<std::string> mitigationWords(const std::string& run);

}  // namespace mmtp::compare
