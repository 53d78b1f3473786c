// mpstat_by_header.hpp - our own reading of an "mpstat -P ALL" monitor log,
// for the HTML charts that are ours. MonitorMpstat.pm (monitors/mpstat.cpp,
// kept byte for byte for the MMTests tables) needs watch-mpstat.sh's
// "time: N" lines, takes %idle as a line's last field, drops CPUs that do
// not count up from the first one seen, and never reports the last report.
// Here each column is found by its name in its report's own header line
// ("HH:MM:SS [AM|PM] CPU %usr ... %idle"), and every complete report counts.
// x is seconds since the monitor started: from watch-mpstat.sh's "time: N"
// stamps when the log has them (the first is the start), else from mpstat's
// clock (the first header's is the start; 24-hour or AM/PM, across
// midnight). mpstat's first report is already an interval, not averages
// since boot as vmstat's and iostat's are.
#pragma once
#include "monitors/cpu_topology_log.hpp"
#include "monitors/log_words.hpp"

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::compare {

struct MpstatSamples {
    bool stamped = false;  // x from "time: N" lines; else from mpstat's own clock
    // By the CPU column ("all", "0", "1", ...): columns by their header
    // name ("%idle", "%sys").
    std::map<std::string, ColumnSamples> cpus;
    std::size_t skippedLines = 0;  // CPU lines that did not fit their header (or came before one)
    std::size_t droppedLines = 0;  // lines of CPUs past the first kMaxSampleSets
};

// Reads iterDir/mpstat-BENCH(.gz, .xz); throws what the log reader throws
// and std::runtime_error for a log without mpstat's "CPU ... %idle" header.
// Only the values of the columns in `only` are kept (all of them when empty).
MpstatSamples readMpstatByHeader(const std::filesystem::path& iterDir, const std::string& benchmark,
                                 const std::vector<std::string>& only = {});
MpstatSamples mpstatFromLines(const std::vector<std::string>& lines, const std::vector<std::string>& only = {});

// Per report (x), the sum over the node's CPUs of 100 - %idle: 100 for each
// fully busy CPU. A report that lacks one of the node's CPUs is left out.
std::vector<std::pair<double, double>> nodeBusy(const MpstatSamples& samples, const NodeTree& node);

}  // namespace mmtp::compare
