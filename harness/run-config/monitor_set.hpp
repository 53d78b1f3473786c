// monitor_set.hpp - the monitors of one benchmark, started and stopped the
// way shellpacks/monitors.sh does around it:
//   start: per monitor, in the order always, gzip, with_latency, its log
//          DIR/NAME-BENCH and DIR/NAME-BENCH.start (`date +%s`, /proc/uptime);
//   stop:  sync, 5 s for the last samples (skipped when interrupted), stop
//          each monitor, gzip the logs of gzip and with_latency monitors.
// Every monitor dies with run-config: tools in their own process group with
// PDEATHSIG, file readers as threads of run-config itself.
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mmtp::runconfig {

struct PlannedMonitor {
    std::string name;
    std::string type;  // "always", "gzip" or "with_latency" (MONITORS_<TYPE>)
    int intervalSeconds = 0;  // as the plan shows it (proc-interrupts: at least 10)
};

class MonitorSet {
public:
    MonitorSet(const std::vector<PlannedMonitor>& monitors, int updateFrequency,
               const std::map<std::string, std::string>& env, const std::filesystem::path& dir,
               const std::string& bench);
    ~MonitorSet();  // stop(false) if stop() did not run
    MonitorSet(const MonitorSet&) = delete;
    MonitorSet& operator=(const MonitorSet&) = delete;

    // settle: run-mmtests.sh's `sync; sleep 5` before the monitors stop.
    void stop(bool settle);

    struct Running;
private:
    std::vector<std::unique_ptr<Running>> running_;
    bool stopped_ = false;
};

}  // namespace mmtp::runconfig
