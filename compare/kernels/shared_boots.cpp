// shared_boots.cpp - runs that share a boot (shared_boots.hpp).
#include "kernels/shared_boots.hpp"

#include "base/errors.hpp"

#include <algorithm>
#include <map>

namespace mmtp::compare {

std::vector<SharedBoot> sharedBoots(const std::vector<LoadedRun>& runs) {
    std::map<std::string, std::vector<std::string>> runsOfBoot;
    std::vector<std::string> order;
    for (const LoadedRun& run : runs)
        for (const std::string& id : run.boots) {
            auto& named = runsOfBoot[id];
            if (named.empty()) order.push_back(id);
            if (std::find(named.begin(), named.end(), run.name) == named.end()) named.push_back(run.name);
        }
    // Every run in one boot, and only that one: the report's one-boot design.
    if (runsOfBoot.size() == 1 && runsOfBoot.begin()->second.size() == runs.size()) return {};
    std::vector<SharedBoot> shared;
    for (const std::string& id : order)
        if (runsOfBoot[id].size() > 1) shared.push_back({id, runsOfBoot[id]});
    return shared;
}

void refuseSharedBoots(const std::vector<SharedBoot>& shared) {
    if (shared.empty()) return;
    std::string said;
    for (const SharedBoot& s : shared) {
        std::string names;
        for (const std::string& r : s.runs) names += (names.empty() ? "" : ", ") + r;
        said += (said.empty() ? "runs " : "; runs ") + names + " share boot " + s.bootId;
    }
    throw mmtp::Error(said +
                      " (iter-N/boot-id): runs that ran in one boot are one kernel, not two (was a reboot "
                      "forgotten?); refusing to compare them");
}

}  // namespace mmtp::compare
