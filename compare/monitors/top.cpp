// MonitorTop.pm: --sub-heading PROC~COLUMN (default kswapd~CPU) sums COLUMN
// over the top-BENCH processes whose command matches the regex PROC, once
// per "time:" block. "short" blocks count 0 when nothing matched.
#include "monitors/framing.hpp"
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

// What --sub-heading asks for: the processes and the column to sum.
struct TopQuery {
    std::string sub;
    std::regex process;
    int column;
    bool time;  // the TIME column (minutes:seconds)
};

// top's stamp, /^time: ([0-9]+) ([a-z]+)/: the seconds and the block's format.
struct TopStamp {
    double seconds;
    std::string format;
};
std::optional<TopStamp> topStamp(std::string_view line) {
    const std::optional<std::string_view> digits = timeStampDigits(line);
    if (!digits) return std::nullopt;
    const std::string_view rest = line.substr(static_cast<std::size_t>(digits->data() - line.data()) + digits->size());
    if (rest.size() < 2 || rest[0] != ' ') return std::nullopt;
    const std::string_view format = rest.substr(1, rest.find_first_not_of("abcdefghijklmnopqrstuvwxyz", 1) - 1);
    if (format.empty()) return std::nullopt;
    return TopStamp{numify(*digits), std::string(format)};
}

// A process line's value, or nullopt when its command is not one asked for.
std::optional<double> processValue(const std::string& line, const TopQuery& q, const std::filesystem::path& iterDir) {
    std::vector<std::string> f = splitBlankRuns(trimLeft(line));
    std::optional<std::string> command = fieldAt(f, -1);
    // The user's regex recurses once per character (extraction.hpp's name limit).
    if (command && command->size() > kMaxOperationNameBytes)
        throw MonitorDied("a top COMMAND longer than " + std::to_string(kMaxOperationNameBytes) +
                          " bytes (the name limit) in " + iterDir.string());
    if (!std::regex_search(command ? *command : std::string(), q.process)) return std::nullopt;
    std::optional<std::string> cell = fieldAt(f, q.column);
    if (!q.time) return numOf(cell);
    std::vector<std::string> ms = splitLiteral(rowText(cell), ":");
    return numOf(fieldAt(ms, 0)) * 60 + numOf(fieldAt(ms, 1));
}

// One iteration: the sum over the matching processes, per block.
void readTop(const std::filesystem::path& iterDir, const std::string& benchmark, const TopQuery& q, Rows& rows) {
    double start = 0;
    bool matched = false, reading = false;
    double val = -1;
    for (const std::string& line : monitorLogLines(iterDir, "top", benchmark)) {
        if (std::optional<TopStamp> stamp = topStamp(line)) {
            if (start == 0) {
                start = stamp->seconds;
            } else if (matched || stamp->format == "short") {
                if (stamp->format == "short" && val == -1) val = 0;
                rows.push_back(monitorRow(q.sub, stamp->seconds - start, exactText(val)));
            }
            matched = false;
            reading = false;
            val = 0;
            continue;
        }
        if (!reading) {
            reading = line.find("COMMAND") != std::string::npos;
            continue;
        }
        std::optional<double> v = processValue(line, q, iterDir);
        if (!v) continue;
        matched = true;
        val += *v;
    }
}

std::regex processRegex(const std::string& proc) {
    try {
        return std::regex(proc);
    } catch (const std::regex_error&) {
        throw MonitorDied("process '" + proc + "' is not a usable regular expression");
    }
}

}  // namespace

MonitorRun parseTopMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                           MonitorSession&) {
    const std::string sub = r.subHeading.empty() ? "kswapd~CPU" : r.subHeading;
    std::vector<std::string> parts = splitLiteral(sub, "~");
    const std::string proc = parts.empty() ? "" : parts[0];
    const std::string heading = parts.size() > 1 ? parts[1] : "";
    auto col = kColumns.find(heading);
    if (col == kColumns.end()) throw MonitorDied("Unrecognised heading");
    const TopQuery query{sub, processRegex(proc), col->second, heading == "TIME"};
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        readTop(iterDir, r.benchmark, query, rows);
    });
}

}  // namespace mmtp::compare
