// iostat_by_header.hpp - our own reading of an iostat -x monitor log, for the
// HTML charts that are ours. MonitorIostat.pm (monitors/iostat.cpp, kept byte
// for byte for the MMTests tables) takes fields by position: on sysstat 12's
// 23-column lines it reads rkB/s and wkB/s as 0. Here a column is found by
// its name in the "Device ..." header of the report it belongs to (any order,
// sysstat 11 or 12), the stamp ("EPOCH ELAPSED DELTA -- ") is optional, and
// each device's first report (averages since boot) is left out.
#pragma once
#include "monitors/log_words.hpp"

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace mmtp::compare {

// x: seconds since the monitor started, or the report number (no stamps).
using IostatDevice = ColumnSamples;

struct IostatSamples {
    bool timestamped = false;
    std::map<std::string, IostatDevice> devices;
    std::size_t skippedLines = 0;  // device lines that did not fit their header (or came before one)
    std::size_t droppedLines = 0;  // lines of devices past the first kMaxSampleSets
};

// Reads iterDir/iostat-BENCH(.gz, .xz); throws what the log reader throws and
// std::runtime_error for a log without iostat's "Device" header line.
// Only the values of the columns in `only` are kept (all of them when empty);
// at most kMaxDevices devices are read (the rest are counted).
IostatSamples readIostatByHeader(const std::filesystem::path& iterDir, const std::string& benchmark,
                                 const std::vector<std::string>& only = {});
IostatSamples iostatFromLines(const std::vector<std::string>& lines, const std::vector<std::string>& only = {});

// line without its SGR sequences (ESC '[' digits and ';' 'm'). iostat wraps
// each device name and value in colour codes when its stdout is a terminal,
// as under run-mmtests.sh's unbuffer; left in, they glue to the device name
// ("\e[32;22mvda") and add a field after it. MonitorIostat.pm reads them raw.
std::string withoutSgr(const std::string& line);

// The lines of iterDir/iostat-BENCH(.gz, .xz) without SGR sequences: what
// both iostat readers (this one and monitors/iostat.cpp) read.
std::vector<std::string> iostatLogLines(const std::filesystem::path& iterDir, const std::string& benchmark);

}  // namespace mmtp::compare
