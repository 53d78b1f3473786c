// MonitorMpstat.pm through MMTests' Visualise modules: --sub-heading node-N
// (required) gives, per mpstat-BENCH frame, the busy percentage (100 -
// %idle) summed over node N's CPUs in cpu-topology-mmtests.txt. The last
// frame of a file is read but not reported, and the node container is
// cached across runs (see MonitorSession), as in MMTests.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/cpu_topology_log.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"
#include "input/log_files.hpp"

#include <algorithm>
#include <map>
#include <regex>

namespace mmtp::compare {

namespace {

// The frames start after the first "time:" line, a "Linux" header and a
// blank line: the index of the first frame's stamp.
std::size_t firstFrame(const std::vector<std::string>& lines) {
    std::size_t n = 0;
    while (n < lines.size() && lines[n].rfind("time:", 0) != 0) ++n;
    ++n;
    if (n >= lines.size() || lines[n].rfind("Linux", 0) != 0)
        throw MonitorDied("Unexpected file format no header, possibly missed data");
    if (++n >= lines.size() || !lines[n].empty())
        throw MonitorDied("Unexpected file format extra data, possibly missed data");
    return n + 1;
}

// A CPU line's busy percentage, or nullopt where the Visualise module skips
// it (a shape or CPU number other than the first line's led it to expect).
std::optional<double> cpuBusy(const std::vector<std::string>& e, MonitorSession& session, double& expectedCpu) {
    static const std::regex kClock("^[0-9][0-9]:"), kInteger("^-?[0-9]+$");
    const double value = 100 - numOf(fieldAt(e, -1));
    const long lastIndex = static_cast<long>(e.size()) - 1;
    const std::optional<std::string> cpuField = fieldAt(e, 1);
    if (session.mpstatExpectedElements == -1) session.mpstatExpectedElements = lastIndex;
    if (!session.mpstatFirstCpu || numOf(session.mpstatFirstCpu) == -1) session.mpstatFirstCpu = rowText(cpuField);
    const double firstCpu = numOf(session.mpstatFirstCpu), cpu = numOf(cpuField);
    if (expectedCpu == -1) expectedCpu = firstCpu - 1;
    expectedCpu++;
    if (cpu != expectedCpu && cpu == firstCpu) expectedCpu = firstCpu - 1;
    const std::string cpuText = rowText(cpuField);
    if (session.mpstatExpectedElements != lastIndex || !std::regex_search(rowText(fieldAt(e, 0)), kClock) ||
        cpu != expectedCpu || !std::regex_search(cpuText, kInteger) ||
        (cpuText.size() > 1 && cpuText[0] == '0' && cpuText[1] >= '0' && cpuText[1] <= '9'))
        return std::nullopt;
    return value;
}

// One frame's CPU lines from lines[n] up to a blank line: busy % per CPU.
std::map<std::string, double> readFrame(const std::vector<std::string>& lines, std::size_t& n,
                                        MonitorSession& session) {
    std::map<std::string, double> busy;
    // A Perl scalar, so a double: a CPU field of 30 digits is a number
    // here too, not a signed overflow.
    double expectedCpu = -1;
    while (n < lines.size()) {
        std::string line = lines[n++];
        if (line.find("%idle") != std::string::npos || line.find("all") != std::string::npos ||
            line.rfind("Linux", 0) == 0)
            continue;
        if (line.empty()) break;
        if (auto p = line.find(" AM"); p != std::string::npos) line.erase(p, 3);
        if (auto p = line.find(" PM"); p != std::string::npos) line.erase(p, 3);
        std::vector<std::string> e = splitBlankRuns(line);
        if (std::optional<double> value = cpuBusy(e, session, expectedCpu)) busy[rowText(fieldAt(e, 1))] = *value;
    }
    return busy;
}

// One iteration: node N's busy sum per frame but the last.
void readMpstat(const std::filesystem::path& iterDir, const std::string& benchmark, const std::string& nid,
                MonitorSession& session, Rows& rows) {
    const std::string op = "node-" + nid;
    const NodeTree tree = readNodeTree(iterDir, nid);
    auto text = readLog(iterDir / ("mpstat-" + benchmark), monitorReadLimits());
    if (!text) throw MonitorDied("Failed to open log file " + (iterDir / ("mpstat-" + benchmark)).string());
    const std::vector<std::string> lines = splitLines(*text);
    std::size_t n = firstFrame(lines);
    bool ownsCache = false;
    while (n < lines.size()) {
        const std::optional<double> stamp = timeStamp(lines[n]);
        if (!stamp) break;
        ++n;
        if (session.mpstatStart == 0) session.mpstatStart = *stamp;
        const double timestamp = *stamp - session.mpstatStart;
        const double sum = nodeSum(tree, readFrame(lines, n, session));
        if (ownsCache) *session.mpstatCachedNode = sum;
        if (n >= lines.size()) break;  // parseOne returns !eof: the last frame is not rendered
        if (!session.mpstatCachedNode) {
            if (!tree.exists) throw MonitorDied("Unable to identify unique key from '" + op + "'");
            session.mpstatCachedNode = sum;
            ownsCache = true;
        }
        rows.push_back(monitorRow(op, timestamp, exactText(*session.mpstatCachedNode)));
    }
}

}  // namespace

MonitorRun parseMpstatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                              MonitorSession& session) {
    static const std::regex kNode("^node-([0-9]*)");
    if (!std::regex_search(r.subHeading, kNode)) throw MonitorDied("Died (mpstat needs --sub-heading node-N)");
    const std::string nid = rowText(fieldAt(splitLiteral(r.subHeading, "-"), 1));
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        readMpstat(iterDir, r.benchmark, nid, session, rows);
    });
}

}  // namespace mmtp::compare
