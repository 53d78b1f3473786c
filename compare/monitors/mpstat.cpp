// MonitorMpstat.pm through MMTests' Visualise modules: --sub-heading node-N
// (required) gives, per mpstat-BENCH frame, the busy percentage (100 -
// %idle) summed over node N's CPUs in cpu-topology-mmtests.txt. The last
// frame of a file is read but not reported, and the node container is
// cached across runs (see MonitorSession), as in MMTests.
#include "monitors/monitors.hpp"
#include "monitors/cpu_topology_log.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"
#include "input/log_files.hpp"

#include <algorithm>
#include <map>
#include <regex>

namespace mmtp::compare {

MonitorRun parseMpstatMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                              MonitorSession& session) {
    static const std::regex kNode("^node-([0-9]*)"), kTime("^time: ([0-9]+)"), kClock("^[0-9][0-9]:"),
        kInteger("^-?[0-9]+$");
    if (!std::regex_search(r.subHeading, kNode)) throw MonitorDied("Died (mpstat needs --sub-heading node-N)");
    const std::string nid = rowText(fieldAt(splitLiteral(r.subHeading, "-"), 1));
    const std::string op = "node-" + nid;
    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        const NodeTree tree = readNodeTree(iterDir, nid);
        auto text = readLog(iterDir / ("mpstat-" + r.benchmark), monitorReadLimits());
        if (!text) throw MonitorDied("Failed to open log file " + (iterDir / ("mpstat-" + r.benchmark)).string());
        std::vector<std::string> lines = splitLines(*text);
        std::size_t n = 0;
        while (n < lines.size() && lines[n].rfind("time:", 0) != 0) ++n;
        ++n;
        if (n >= lines.size() || lines[n].rfind("Linux", 0) != 0)
            throw MonitorDied("Unexpected file format no header, possibly missed data");
        if (++n >= lines.size() || !lines[n].empty())
            throw MonitorDied("Unexpected file format extra data, possibly missed data");
        ++n;
        bool ownsCache = false;
        while (n < lines.size()) {
            std::smatch m;
            if (!std::regex_search(lines[n], m, kTime)) break;
            ++n;
            if (session.mpstatStart == 0) session.mpstatStart = numify(m[1].str());
            const double timestamp = numify(m[1].str()) - session.mpstatStart;
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
                const double value = 100 - numOf(fieldAt(e, -1));
                const long lastIndex = static_cast<long>(e.size()) - 1;
                const std::optional<std::string> cpuField = fieldAt(e, 1);
                if (session.mpstatExpectedElements == -1) session.mpstatExpectedElements = lastIndex;
                if (!session.mpstatFirstCpu || numOf(session.mpstatFirstCpu) == -1)
                    session.mpstatFirstCpu = rowText(cpuField);
                const double firstCpu = numOf(session.mpstatFirstCpu), cpu = numOf(cpuField);
                if (expectedCpu == -1) expectedCpu = firstCpu - 1;
                expectedCpu++;
                if (cpu != expectedCpu && cpu == firstCpu) expectedCpu = firstCpu - 1;
                const std::string cpuText = rowText(cpuField);
                if (session.mpstatExpectedElements != lastIndex || !std::regex_search(rowText(fieldAt(e, 0)), kClock) ||
                    cpu != expectedCpu || !std::regex_search(cpuText, kInteger) ||
                    (cpuText.size() > 1 && cpuText[0] == '0' && cpuText[1] >= '0' && cpuText[1] <= '9'))
                    continue;
                busy[cpuText] = value;
            }
            const double sum = nodeSum(tree, busy);
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
    return run;
}

}  // namespace mmtp::compare
