// MonitorPerftimestat.pm: every counter line of each `perf stat` block in
// perf-time-stat-BENCH ("  4004.69 msec cpu-clock" -> operation msec), or
// only the one --sub-heading names; sample number = seconds since the first
// "time:" line. Commas in counts are dropped.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <regex>

namespace mmtp::compare {

namespace {

// One iteration: the counter lines between "Performance counter stats for"
// and "seconds time elapsed", stamped by the last "time:" line.
void readPerfTimeStat(const std::filesystem::path& iterDir, const MonitorRequest& r, Rows& rows) {
    static const std::regex kCounter("\\s+([0-9,\\.]+)\\s+([A-Za-z-]+)");
    double timestamp = 0, start = 0;
    bool reading = false;
    for (const std::string& line : monitorLogLines(iterDir, "perf-time-stat", r.benchmark)) {
        if (std::optional<double> stamp = timeStamp(line)) {
            reading = false;
            timestamp = *stamp;
            if (start == 0) start = timestamp;
        }
        if (line.find("Performance counter stats for") != std::string::npos) {
            reading = true;
            continue;
        }
        if (!reading || line.find("seconds time elapsed") != std::string::npos) continue;
        std::smatch m;
        if (!std::regex_search(line, m, kCounter)) continue;
        std::string counter = m[1].str(), heading = m[2].str();
        if (!r.subHeading.empty() && heading != r.subHeading) continue;
        std::erase(counter, ',');
        rows.push_back(monitorRow(heading, timestamp - start, counter));
    }
}

}  // namespace

MonitorRun parsePerfTimeStatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                    MonitorSession&) {
    return readEachIteration(iterDirs, [&r](const std::filesystem::path& iterDir, Rows& rows) {
        readPerfTimeStat(iterDir, r, rows);
    });
}

}  // namespace mmtp::compare
