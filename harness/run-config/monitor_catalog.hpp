// monitor_catalog.hpp - what each MMTests monitor (monitors/watch-NAME.sh)
// records, rebuilt without MMTests: either a tool that runs for the whole
// benchmark (vmstat, iostat, mpstat, top) with the watch script's line
// filter, or a file read every MONITOR_UPDATE_FREQUENCY seconds after a
// "time: EPOCH" line (proc-vmstat, proc-interrupts, ...). Same output,
// line for line, as the watch script under run-mmtests.sh.
#pragma once
#include "run-config/monitor_format.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace mmtp::runconfig {

struct MonitorRecipe {
    std::string name;
    // A tool run for the whole benchmark ...
    std::vector<std::string> argv;
    LineFilter filter;               // empty: lines pass unchanged
    bool timeLineFirst = false;      // "time: EPOCH" before the tool's output (mpstat)
    // ... or a snapshot written after "time: EPOCH" every intervalSeconds.
    std::function<std::string()> snapshot;
    int intervalSeconds = 0;
    // Non-empty: the monitor cannot run here, and why ("skipped: ...").
    std::string unavailable;
};

// The recipe for NAME with the config's MONITOR_* settings; unknown names
// come back unavailable.
MonitorRecipe monitorRecipe(const std::string& name, int updateFrequency,
                            const std::map<std::string, std::string>& env);

// The monitors run-config can record.
std::vector<std::string> knownMonitors();

// `cat FILE` as the watch scripts see it through their pty: the contents, or
// cat's error message.
std::string catFile(const std::string& path);

}  // namespace mmtp::runconfig
