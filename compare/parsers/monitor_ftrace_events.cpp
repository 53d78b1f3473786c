#include "parsers/monitor_ftrace_events.hpp"
#include "parsers/monitor_text.hpp"

#include "core/perl_scalar.hpp"
#include "input/log_files.hpp"

#include <optional>
#include <system_error>
#include <regex>

namespace mmtp::compare {

namespace {

// MMTests' $regex_traceevent, unanchored as it is: (process-pid) [cpu]
// flags timestamp: tracepoint: details.
const std::regex& traceEventRegex() {
    static const std::regex r(R"(\s*([a-zA-Z0-9-]*)\s*(\[[0-9]*\])\s*[.0-9a-zA-Z]*\s*([0-9.]*):\s*([a-zA-Z_]*):\s*(.*))");
    return r;
}

double timestampToMs(const std::string& timestamp) {
    std::vector<std::string> parts = splitLiteral(timestamp, ".");
    return numOf(fieldAt(parts, 0)) * 1000 + numOf(fieldAt(parts, 1)) / 1000;
}

}  // namespace

void readFtraceEvents(const std::filesystem::path& iterDir, const std::string& bench, MonitorSession& session,
                      FtraceRunState& state, const std::function<void()>& init,
                      const std::function<void(const FtraceEvent&)>& use) {
    const std::string file = "ftrace-" + bench;
    std::error_code ec;
    if (std::filesystem::exists(iterDir / (file + ".start"), ec)) state.startTimestampMs = 0;
    std::optional<std::string> text = readLog(iterDir / file, monitorReadLimits());
    init();
    if (!text) throw MonitorDied((iterDir / file).string() + ": no such log (MMTests dies reading it)");
    static const std::regex kProcessPid("(.*)-([0-9]*)$");
    for (const std::string& line : splitLines(*text)) {
        std::smatch m;
        if (!std::regex_search(line, m, traceEventRegex())) continue;
        FtraceEvent e{timestampToMs(m[3].str()), "", "", m[4].str(), m[5].str()};
        const std::string processPid = m[1].str();
        std::smatch p;
        if (std::regex_search(processPid, p, kProcessPid)) {
            e.process = p[1].str();
            e.pid = p[2].str();
        } else {
            // A failed match leaves $1/$2 of the event regex in place.
            e.process = processPid;
            e.pid = m[2].str();
        }
        if (!e.process.empty()) {
            session.ftraceProcesses[e.pid] = e.process;
        } else {
            auto known = session.ftraceProcesses.find(e.pid);
            e.process = known == session.ftraceProcesses.end() || known->second.empty() ? "UNKNOWN" : known->second;
        }
        use(e);
    }
}

// As the modules spell it: khugepaged*$ takes any number of trailing d's.
bool ftraceProcessFiltered(const std::string& subHeading, const std::string& process) {
    static const std::regex kKswapd("^kswapd[0-9]*$"), kKhugepaged("^khugepaged*$"),
        kKcompactd("^kcompactd[0-9]*$"), kKhugepagedN("^khugepaged[0-9]*$");
    auto is = [&](const std::regex& r) { return std::regex_search(process, r); };
    if (subHeading == "kswapd") return !is(kKswapd);
    if (subHeading == "khugepaged") return !is(kKhugepaged);
    if (subHeading == "no-kswapd") return is(kKswapd);
    if (subHeading == "kswapd-kcompactd") return !is(kKswapd) && !is(kKcompactd);
    if (subHeading == "no-kswapd-kcompactd-khugepaged") return is(kKswapd) || is(kKcompactd) || is(kKhugepagedN);
    return false;
}

}  // namespace mmtp::compare
