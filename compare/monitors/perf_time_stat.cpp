// MonitorPerftimestat.pm: every counter line of each `perf stat` block in
// perf-time-stat-BENCH ("  4004.69 msec cpu-clock" -> operation msec), or
// only the one --sub-heading names; sample number = seconds since the first
// "time:" line. Commas in counts are dropped.
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <regex>

namespace mmtp::compare {

MonitorRun parsePerfTimeStatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                    MonitorSession&) {
    static const std::regex kTime("^time: ([0-9]+)");
    static const std::regex kCounter("\\s+([0-9,\\.]+)\\s+([A-Za-z-]+)");
    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        double timestamp = 0, start = 0;
        bool reading = false;
        for (const std::string& line : monitorLogLines(iterDir, "perf-time-stat", r.benchmark)) {
            std::smatch m;
            if (std::regex_search(line, m, kTime)) {
                reading = false;
                timestamp = numify(m[1].str());
                if (start == 0) start = timestamp;
            }
            if (line.find("Performance counter stats for") != std::string::npos) {
                reading = true;
                continue;
            }
            if (!reading || line.find("seconds time elapsed") != std::string::npos) continue;
            if (!std::regex_search(line, m, kCounter)) continue;
            std::string counter = m[1].str(), heading = m[2].str();
            if (!r.subHeading.empty() && heading != r.subHeading) continue;
            std::erase(counter, ',');
            rows.push_back(monitorRow(heading, timestamp - start, counter));
        }
    }
    return run;
}

}  // namespace mmtp::compare
