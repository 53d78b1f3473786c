// vmstat_by_header.hpp - our own reading of a vmstat monitor log, for the
// sections and charts that are ours (mitigation costs, the HTML CPU charts).
// MonitorVmstat.pm (monitors/vmstat.cpp, kept byte for byte for the
// MMTests tables) takes field N of split(/\s+/): on a line without
// MONITORS_WITH_LATENCY's stamp that starts with a blank, field 0 is empty
// and every column shifts by one ("sy" reads "us"). Here a column is found by
// its name in vmstat's header line, the stamp ("EPOCH ELAPSED DELTA -- ") is
// optional, and vmstat's first report (averages since boot, not the
// benchmark) is left out.
#pragma once
#include "monitors/log_words.hpp"

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace mmtp::compare {

// x: seconds since the monitor started, or 1, 2, ... (no interval in the log).
struct VmstatSamples : ColumnSamples {
    bool timestamped = false;  // MONITORS_WITH_LATENCY: x is seconds; else x is the sample number
    std::size_t skippedLines = 0;  // data lines that did not fit the header (or came before one)
    bool sinceBootDropped = false;
};

// Reads iterDir/vmstat-BENCH(.gz, .xz). Throws what the log reader throws
// (absent, a FIFO, too large) and std::runtime_error for a log without
// vmstat's header line.
// Only the values of the columns in `only` are kept (all of them when it is
// empty); every column's totals are.
VmstatSamples readVmstatByHeader(const std::filesystem::path& iterDir, const std::string& benchmark,
                                 const std::vector<std::string>& only = {});

// The same, from the log's lines (for tests and other sources).
VmstatSamples vmstatFromLines(const std::vector<std::string>& lines, const std::vector<std::string>& only = {});

}  // namespace mmtp::compare
