// MonitorSyscalls.pm: --sub-heading Count or Latency (with "-thread" to key
// by command, tid and pid) sums that column of syscalls-BENCH per command
// between "time:" lines. The module's own initialise() refuses any other
// sub-heading, so it fails for every run without one.
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <map>
#include <regex>

namespace mmtp::compare {

MonitorRun parseSyscallsMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                MonitorSession&) {
    static const std::regex kTime("^time: ([0-9]+)");
    std::vector<std::string> parts = splitLiteral(r.subHeading, "-");
    const std::string heading = rowText(fieldAt(parts, 0)), summary = rowText(fieldAt(parts, 1));
    long column;
    if (heading == "Count") column = 4;
    else if (heading == "Latency") column = 5;
    else throw MonitorDied("Unrecognised heading " + heading);
    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        double timestamp = 0, start = 0;
        std::map<std::string, double> totals;  // sorted by key, as MMTests walks them
        for (const std::string& raw : monitorLogLines(iterDir, "syscalls", r.benchmark)) {
            const std::string line = trimLeft(raw);
            std::smatch m;
            if (std::regex_search(line, m, kTime)) {
                if (start == 0) {
                    timestamp = start = numify(m[1].str());
                } else {
                    for (const auto& [thread, total] : totals)
                        rows.push_back(monitorRow(thread, timestamp - start, exactText(total)));
                    timestamp = numify(m[1].str());
                }
                totals.clear();
                continue;
            }
            if (line.empty() || line[0] < '0' || line[0] > '9') continue;
            std::vector<std::string> e = splitBlankRuns(line);
            std::string thread = rowText(fieldAt(e, 3));
            if (summary == "thread") thread += "__" + rowText(fieldAt(e, 2)) + "-" + rowText(fieldAt(e, 1));
            totals[thread] += numOf(fieldAt(e, column));
        }
    }
    return run;
}

}  // namespace mmtp::compare
