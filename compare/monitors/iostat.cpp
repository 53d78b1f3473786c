// MonitorIostat.pm: per busy device, the queue size, waits, request size and
// merges of each iostat -x report in iostat-BENCH (its three column layouts),
// skipping each device's first report. A device counts as busy from the
// first report with a queue over 1, for every later run too (MMTests keeps
// that set in a file-scope hash).
#include "monitors/iostat_by_header.hpp"
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <map>

namespace mmtp::compare {

namespace {

using Field = std::optional<std::string>;

// %iostat for one device line, by column layout: raw fields stay text (undef
// past the end of the line), sums and averages are numbers.
std::map<std::string, Field> deviceStats(int format, const std::vector<std::string>& e) {
    auto f = [&e](long i) { return fieldAt(e, i); };
    auto sum = [](const Field& a, const Field& b) { return Field(exactText(numOf(a) + numOf(b))); };
    std::map<std::string, Field> s;
    if (format == 0 || format == 1) {
        s = {{"rrqm", f(6)}, {"wrqm", f(7)}, {"rkbs", f(10)}, {"wkbs", f(11)}, {"totalkbs", sum(f(10), f(11))},
             {"avgrqsz", f(12)}, {"avgqusz", f(13)}, {"await", f(14)}};
        s["r_await"] = format == 0 ? Field("-1") : f(15);
        s["w_await"] = format == 0 ? Field("-1") : f(16);
        s["svctm"] = format == 0 ? f(15) : f(17);
    } else if (format == 2) {
        s = {{"rrqm", f(10)}, {"wrqm", f(11)}, {"rkbs", f(8)}, {"wkbs", f(9)}, {"totalkbs", sum(f(8), f(9))},
             {"avgqusz", f(16)}, {"r_await", f(14)}, {"w_await", f(15)}, {"svctm", f(19)}};
        // MMTests' approximations for this layout.
        s["await"] = exactText((numOf(f(14)) + numOf(f(15))) / 2);
        s["avgrqsz"] = exactText((numOf(f(17)) + numOf(f(18))) / 2);
    }
    return s;
}

Field lookup(const std::map<std::string, Field>& s, const std::string& key) {
    auto it = s.find(key);
    return it == s.end() ? Field() : it->second;
}

// The column layout a "Device" header line announces (-1 for none known).
int headerFormat(const std::vector<std::string>& e) {
    int format = -1;
    const std::string c6 = rowText(fieldAt(e, 6)), c10 = rowText(fieldAt(e, 10));
    if (c6 == "rrqm/s") {
        if (c10 == "rsec/s") format = 0;
        if (c10 == "rkB/s") format = 1;
    }
    // Perl truth: neither "" nor "0".
    if (c6 == "r/s" && !c10.empty() && c10 != "0") format = 2;
    return format;
}

// MMTests drops idle reports and ones with impossible queues or waits.
bool idleLine(const std::vector<std::string>& e) {
    return numOf(fieldAt(e, 13)) == 0 && numOf(fieldAt(e, 14)) == 0 && numOf(fieldAt(e, 15)) == 0;
}
bool implausible(const std::map<std::string, Field>& s) {
    return numOf(lookup(s, "avgqusz")) > 1000000 || numOf(lookup(s, "await")) > 3600000 ||
           numOf(lookup(s, "r_await")) > 3600000 || numOf(lookup(s, "w_await")) > 3600000;
}

// One device report's rows: every operation, or the one --sub-heading names.
void addDeviceRows(const MonitorRequest& r, const std::vector<std::string>& subParts, const std::string& name,
                   double timestamp, const std::map<std::string, Field>& s, Rows& rows) {
    static const char* const kOps[] = {"avgqusz", "await", "r_await", "w_await", "svctm", "avgrqsz", "rrqm", "wrqm"};
    if (r.subHeading.empty()) {
        for (const char* op : kOps) rows.push_back(monitorRow(name + "-" + op, timestamp, rowText(lookup(s, op))));
    } else if (!subParts.empty() && subParts[0] == name) {
        Field v = lookup(s, subParts.size() > 1 ? subParts[1] : "");
        rows.push_back(monitorRow(r.subHeading, timestamp, rowText(v)));
    }
}

// One iteration: each busy device's reports after its first.
void readIostat(const std::filesystem::path& iterDir, const MonitorRequest& r, const std::vector<std::string>& subParts,
                MonitorSession& session, Rows& rows) {
    bool readingDevices = false;
    double start = 0;
    int format = -1;
    std::map<std::string, int> samples;
    for (const std::string& line : iostatLogLines(iterDir, r.benchmark)) {  // SGR colour codes dropped
        std::vector<std::string> e = splitBlankRuns(line);
        double timestamp = numOf(fieldAt(e, 1));
        if (start == 0) start = timestamp;
        timestamp -= start;
        const std::string name = rowText(fieldAt(e, 5));
        if (name.find("Device") != std::string::npos) {
            if (format == -1) format = headerFormat(e);
            readingDevices = true;
            continue;
        }
        if (!readingDevices) continue;
        if (name.empty()) {
            readingDevices = false;
            continue;
        }
        if (idleLine(e)) continue;
        if (numOf(fieldAt(e, 13)) > 1) session.busyDevices.insert(name);
        if (!session.busyDevices.count(name)) continue;
        std::map<std::string, Field> s = deviceStats(format, e);
        if (implausible(s) || ++samples[name] == 1) continue;
        addDeviceRows(r, subParts, name, timestamp, s, rows);
    }
}

}  // namespace

MonitorRun parseIostatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                              MonitorSession& session) {
    const std::vector<std::string> subParts = splitLiteral(r.subHeading, "-");
    MonitorRun run = readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        readIostat(iterDir, r, subParts, session, rows);
    });
    run.fieldLength = 12;
    return run;
}

}  // namespace mmtp::compare
