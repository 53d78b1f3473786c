// MonitorSyscalls.pm: --sub-heading Count or Latency (with "-thread" to key
// by command, tid and pid) sums that column of syscalls-BENCH per command
// between "time:" lines. The module's own initialise() refuses any other
// sub-heading, so it fails for every run without one.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <map>

namespace mmtp::compare {

namespace {

// One iteration: per command (or thread), the column summed between stamps.
void readSyscalls(const std::filesystem::path& iterDir, const std::string& benchmark, long column, bool perThread,
                  Rows& rows) {
    double timestamp = 0, start = 0;
    std::map<std::string, double> totals;  // sorted by key, as MMTests walks them
    for (const std::string& raw : monitorLogLines(iterDir, "syscalls", benchmark)) {
        const std::string line = trimLeft(raw);
        if (std::optional<double> stamp = timeStamp(line)) {
            if (start == 0) {
                timestamp = start = *stamp;
            } else {
                for (const auto& [thread, total] : totals)
                    rows.push_back(monitorRow(thread, timestamp - start, exactText(total)));
                timestamp = *stamp;
            }
            totals.clear();
            continue;
        }
        if (line.empty() || line[0] < '0' || line[0] > '9') continue;
        std::vector<std::string> e = splitBlankRuns(line);
        std::string thread = rowText(fieldAt(e, 3));
        if (perThread) thread += "__" + rowText(fieldAt(e, 2)) + "-" + rowText(fieldAt(e, 1));
        totals[thread] += numOf(fieldAt(e, column));
    }
}

}  // namespace

MonitorRun parseSyscallsMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                MonitorSession&) {
    std::vector<std::string> parts = splitLiteral(r.subHeading, "-");
    const std::string heading = rowText(fieldAt(parts, 0)), summary = rowText(fieldAt(parts, 1));
    long column;
    if (heading == "Count") column = 4;
    else if (heading == "Latency") column = 5;
    else throw MonitorDied("Unrecognised heading " + heading);
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        readSyscalls(iterDir, r.benchmark, column, summary == "thread", rows);
    });
}

}  // namespace mmtp::compare
