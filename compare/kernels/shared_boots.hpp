// shared_boots.hpp - runs that ran in one boot are not two kernels. When a
// run's iterations carry another run's boot ids (run-config run twice and
// the reboot forgotten: the new kernel never booted), the verdict counted
// that boot as a unit on both sides and called "no change" from it. Such
// runs are named and the comparison refused. A tree whose every run
// recorded one and the same boot is the one-boot design the report
// describes (the run is the unit: the demo's A/B/A/B/A/B on one kernel)
// and is compared as before.
#pragma once
#include "input/loaded_run.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

struct SharedBoot {
    std::string bootId;
    std::vector<std::string> runs;  // in the order given, each once
};

// The recorded boots (iter-N/boot-id) that more than one of runs ran in;
// none when every run recorded one and the same boot and nothing else.
std::vector<SharedBoot> sharedBoots(const std::vector<LoadedRun>& runs);

// Throws mmtp::Error (exit 1; 125 under --bisect) naming, per shared boot, its runs: the refusal, one line.
void refuseSharedBoots(const std::vector<SharedBoot>& shared);

}  // namespace mmtp::compare
