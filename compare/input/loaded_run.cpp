// loaded_run.cpp - a run read once (loaded_run.hpp).
#include "input/loaded_run.hpp"

#include "input/boot_record.hpp"
#include "input/clock_record.hpp"
#include "input/log_files.hpp"

#include <algorithm>
#include <atomic>

namespace fs = std::filesystem;

namespace mmtp::compare {
namespace {

std::atomic<std::size_t> loads{0};

std::vector<std::string> bootsOfRun(const fs::path& runDir, Warnings& warnings) {
    std::vector<std::string> boots;
    for (const std::string& n : listDirectory(runDir))
        if (n.rfind("iter-", 0) == 0)
            if (std::string id = readBootId(runDir / n, warnings);
                !id.empty() && std::find(boots.begin(), boots.end(), id) == boots.end())
                boots.push_back(std::move(id));
    return boots;
}

}  // namespace

LoadedRun loadRun(const fs::path& logDir, const std::string& name) {
    ++loads;
    LoadedRun r;
    r.name = name;
    r.state = readMachineState(logDir, name);
    r.settings = readRunSettings(logDir, name);
    r.host = readHostRecord(logDir, name);
    r.clockWarnings = clockRecordWarnings(logDir, name);
    r.boots = bootsOfRun(logDir / name, r.bootWarnings);
    return r;
}

std::size_t runsLoaded() { return loads; }

}  // namespace mmtp::compare
