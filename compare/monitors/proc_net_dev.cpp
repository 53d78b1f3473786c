// MonitorProcnetdev.pm: --sub-heading INTERFACE-FIELD (required; rbytes,
// tpackets, ...) as the change of that /proc/net/dev column between
// consecutive snapshots in proc-net-dev-BENCH (0 for the first, and while
// the column reads 0).
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <map>

namespace mmtp::compare {

namespace {

const std::map<std::string, int> kColumns = {
    {"interface", 0}, {"rbytes", 1}, {"rpackets", 2}, {"rerrs", 3},   {"rdrop", 4},  {"rfifo", 5},
    {"rframe", 6},    {"rcompressed", 7}, {"rmulticast", 8}, {"tbytes", 9}, {"tpackets", 10}, {"terrs", 11},
    {"tdrop", 12},    {"tfifo", 13},  {"tcolls", 14}, {"tcarrier", 15}, {"tcompressed", 16},
};

// One iteration: the interface's column as a delta per snapshot (the first is 0).
void readNetDev(const std::filesystem::path& iterDir, const MonitorRequest& r, const std::string& interface,
                int column, Rows& rows) {
    double timestamp = 0, start = 0;
    double current = 0;
    for (const std::string& line : monitorLogLines(iterDir, "proc-net-dev", r.benchmark)) {
        if (std::optional<double> stamp = timeStamp(line)) {
            timestamp = *stamp;
            if (start == 0) start = timestamp;
            continue;
        }
        std::vector<std::string> f = splitBlankRuns(trimLeft(line));
        if (interface != rowText(fieldAt(f, 0))) continue;
        double value = numOf(fieldAt(f, column)), delta = 0;
        if (current != 0) delta = value - current;
        current = value;
        rows.push_back(monitorRow(r.subHeading, timestamp - start, exactText(delta)));
    }
}

}  // namespace

MonitorRun parseProcNetDevMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                  MonitorSession&) {
    if (r.subHeading.empty()) throw MonitorDied("Unrecognised heading");
    std::vector<std::string> parts = splitLiteral(r.subHeading, "-");
    const std::string interface = rowText(fieldAt(parts, 0));
    auto col = kColumns.find(rowText(fieldAt(parts, 1)));
    if (col == kColumns.end()) throw MonitorDied("Unrecognised heading");
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        readNetDev(iterDir, r, interface, col->second, rows);
    });
}

}  // namespace mmtp::compare
