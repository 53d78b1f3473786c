// MonitorTop.pm: --sub-heading PROC~COLUMN (default kswapd~CPU) sums COLUMN
// over the top-BENCH processes whose command matches the regex PROC, once
// per "time:" block. "short" blocks count 0 when nothing matched.
#include "monitors/monitors.hpp"
#include "stats/extraction.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <map>
#include <regex>

namespace mmtp::compare {

namespace {

const std::map<std::string, int> kColumns = {
    {"PID", 0}, {"USER", 1}, {"PR", 2},  {"NI", 3},  {"VIRT", 4},  {"RES", 5},
    {"SHR", 6}, {"S", 7},    {"CPU", 8}, {"MEM", 9}, {"TIME", 10},
};

}  // namespace

MonitorRun parseTopMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                           MonitorSession&) {
    static const std::regex kTime("^time: ([0-9]+) ([a-z]+)");
    const std::string sub = r.subHeading.empty() ? "kswapd~CPU" : r.subHeading;
    std::vector<std::string> parts = splitLiteral(sub, "~");
    const std::string proc = parts.empty() ? "" : parts[0];
    const std::string heading = parts.size() > 1 ? parts[1] : "";
    auto col = kColumns.find(heading);
    if (col == kColumns.end()) throw MonitorDied("Unrecognised heading");
    std::regex procRe;
    try {
        procRe = std::regex(proc);
    } catch (const std::regex_error&) {
        throw MonitorDied("process '" + proc + "' is not a usable regular expression");
    }
    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        double start = 0;
        bool matched = false, reading = false;
        double val = -1;
        for (const std::string& line : monitorLogLines(iterDir, "top", r.benchmark)) {
            std::smatch m;
            if (std::regex_search(line, m, kTime)) {
                double timestamp = numify(m[1].str());
                std::string format = m[2].str();
                if (start == 0) {
                    start = timestamp;
                } else if (matched || format == "short") {
                    if (format == "short" && val == -1) val = 0;
                    rows.push_back(monitorRow(sub, timestamp - start, exactText(val)));
                }
                matched = false;
                reading = false;
                val = 0;
                continue;
            }
            if (!reading && line.find("COMMAND") != std::string::npos) {
                reading = true;
                continue;
            }
            if (!reading) continue;
            std::vector<std::string> f = splitBlankRuns(trimLeft(line));
            std::optional<std::string> command = fieldAt(f, -1);
            // The user's regex recurses once per character (extraction.hpp's name limit).
            if (command && command->size() > kMaxOperationNameBytes)
                throw MonitorDied("a top COMMAND longer than " + std::to_string(kMaxOperationNameBytes) +
                                  " bytes (the name limit) in " + iterDir.string());
            if (!std::regex_search(command ? *command : std::string(), procRe)) continue;
            matched = true;
            std::optional<std::string> cell = fieldAt(f, col->second);
            if (heading == "TIME") {
                std::vector<std::string> ms = splitLiteral(rowText(cell), ":");
                val += numOf(fieldAt(ms, 0)) * 60 + numOf(fieldAt(ms, 1));
            } else {
                val += numOf(cell);
            }
        }
    }
    return run;
}

}  // namespace mmtp::compare
