// MonitorVmstat.pm: one vmstat column (default "sy") per line of
// vmstat-BENCH, or ussy/totalcpu/pfree computed from the columns. Header
// lines go through the same arithmetic as data (so "free" gets zeros there).
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <map>
#include <regex>

namespace mmtp::compare {

namespace {

const std::map<std::string, int> kColumns = {
    {"r", 0},   {"b", 1},   {"swpd", 2}, {"free", 3}, {"buff", 4},  {"cache", 5},     {"si", 6},
    {"so", 7},  {"bi", 8},  {"bo", 9},   {"in", 10},  {"cs", 11},   {"us", 12},       {"sy", 13},
    {"id", 14}, {"wa", 15}, {"st", 16},  {"ussy", 17}, {"totalcpu", 18}, {"pfree", 99},
};

std::optional<std::string> memTotalKb(const std::filesystem::path& iterDir) {
    static const std::regex kMemTotal("^MemTotal:\\s+([0-9]*) kB");
    for (const std::string& line : requiredLogLines(iterDir, "tests-sysstate.gz")) {
        std::smatch m;
        if (std::regex_search(line, m, kMemTotal)) return m[1].str();
    }
    return std::nullopt;
}

std::string value(const std::string& heading, int index, const std::vector<std::string>& f,
                  const std::optional<std::string>& memTotal) {
    if (heading == "ussy") {
        double user = numOf(fieldAt(f, 12)), sys = numOf(fieldAt(f, 13));
        return exactText(sys == 0 && user == 0 ? 0 : user / (user + sys));
    }
    if (heading == "totalcpu") return exactText(numOf(fieldAt(f, 12)) + numOf(fieldAt(f, 13)));
    if (heading == "pfree") {
        double total = numOf(memTotal);
        if (total == 0) throw MonitorDied("Illegal division by zero (no MemTotal in tests-sysstate)");
        return exactText(numOf(fieldAt(f, 3)) * 100 / total);
    }
    std::optional<std::string> v = fieldAt(f, index);
    if (index == 3) return exactText(numOf(v) / 1024);
    if (index >= 12 && index <= 16 && numOf(v) > 100) return "100";
    return rowText(v);
}

}  // namespace

MonitorRun parseVmstatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                              MonitorSession&) {
    const std::string heading = r.subHeading.empty() ? "sy" : r.subHeading;
    auto col = kColumns.find(heading);
    if (col == kColumns.end()) throw MonitorDied("Unrecognised heading " + heading);
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        std::optional<std::string> memTotal = memTotalKb(iterDir);
        double timestamp = 0, start = 0;
        for (const std::string& line : monitorLogLines(iterDir, "vmstat", r.benchmark)) {
            std::string details;
            if (line.find("--") != std::string::npos) {
                std::vector<std::string> parts = splitLiteral(line, "--");
                std::string timing = trimLeft(parts.empty() ? "" : parts[0]);
                details = trimLeft(parts.size() > 1 ? parts[1] : "");
                timestamp = numOf(fieldAt(splitBlankRuns(timing), 0));
                if (start == 0) start = timestamp;
            } else {
                timestamp++;
                details = line;
            }
            rows.push_back(monitorRow(heading, timestamp - start,
                                      value(heading, col->second, splitBlankRuns(details), memTotal)));
        }
    });
}

}  // namespace mmtp::compare
