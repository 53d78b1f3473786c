// shared_boots.cpp - runs that share a boot (shared_boots.hpp).
#include "kernels/shared_boots.hpp"

#include "base/errors.hpp"
#include "input/boot_record.hpp"
#include "input/log_files.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace mmtp::compare {
namespace {

std::set<std::string> bootsOfRun(const fs::path& runDir, Warnings& warnings) {
    std::set<std::string> boots;
    for (const std::string& n : listDirectory(runDir))
        if (n.rfind("iter-", 0) == 0)
            if (std::string id = readBootId(runDir / n, warnings); !id.empty()) boots.insert(id);
    return boots;
}

}  // namespace

std::vector<SharedBoot> sharedBoots(const fs::path& logDir, const std::vector<std::string>& runs, Warnings& warnings) {
    std::map<std::string, std::vector<std::string>> runsOfBoot;
    std::vector<std::string> order;
    for (const std::string& run : runs)
        for (const std::string& id : bootsOfRun(logDir / run, warnings)) {
            auto& named = runsOfBoot[id];
            if (named.empty()) order.push_back(id);
            if (std::find(named.begin(), named.end(), run) == named.end()) named.push_back(run);
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
