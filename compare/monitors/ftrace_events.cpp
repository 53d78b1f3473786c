#include "monitors/ftrace_events.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"
#include "input/log_files.hpp"

#include <cctype>
#include <optional>
#include <system_error>
#include <regex>

namespace mmtp::compare {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool isWord(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; }
bool isFlag(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.'; }
bool isStamp(char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; }
bool isPoint(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }

struct TraceLine {
    std::string processPid, cpu, timestamp, tracepoint, details;
};

// MMTests' unanchored $regex_traceevent,
//   \s*([a-zA-Z0-9-]*)\s*(\[[0-9]*\])\s*[.0-9a-zA-Z]*\s*([0-9.]*):\s*([a-zA-Z_]*):\s*(.*)
// matched by hand: std::regex backtracks cubically on a long blank line.
// No class but the bracket's holds '[', so a match starts right before some
// '[' (the word and blanks before it); each run is greedy and backtracking
// into one never finds another match, so the first '[' that fits wins.
std::optional<TraceLine> matchTraceEvent(const std::string& s) {
    for (std::size_t b = s.find('['); b != std::string::npos; b = s.find('[', b + 1)) {
        std::size_t wordEnd = b;
        while (wordEnd > 0 && isSpace(s[wordEnd - 1])) --wordEnd;
        std::size_t wordStart = wordEnd;
        while (wordStart > 0 && isWord(s[wordStart - 1])) --wordStart;
        std::size_t i = b + 1;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
        if (i >= s.size() || s[i] != ']') continue;
        const std::size_t cpuEnd = ++i;
        auto skip = [&](bool (*in)(char)) {
            std::size_t from = i;
            while (i < s.size() && in(s[i])) ++i;
            return s.substr(from, i - from);
        };
        skip(isSpace);
        skip(isFlag);
        skip(isSpace);
        std::string timestamp = skip(isStamp);
        if (i >= s.size() || s[i] != ':') continue;
        ++i;
        skip(isSpace);
        std::string tracepoint = skip(isPoint);
        if (i >= s.size() || s[i] != ':') continue;
        ++i;
        skip(isSpace);
        return TraceLine{s.substr(wordStart, wordEnd - wordStart), s.substr(b, cpuEnd - b), timestamp, tracepoint,
                         s.substr(i)};
    }
    return std::nullopt;
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
    for (const std::string& line : splitLines(*text)) {
        std::optional<TraceLine> m = matchTraceEvent(line);
        if (!m) continue;
        FtraceEvent e{timestampToMs(m->timestamp), "", "", m->tracepoint, m->details};
        // (.*)-([0-9]*)$: the last '-' when only digits follow it. A failed
        // match leaves $1/$2 of the event regex in place.
        const std::string& processPid = m->processPid;
        std::size_t dash = processPid.rfind('-');
        if (dash != std::string::npos &&
            processPid.find_first_not_of("0123456789", dash + 1) == std::string::npos) {
            e.process = processPid.substr(0, dash);
            e.pid = processPid.substr(dash + 1);
        } else {
            e.process = processPid;
            e.pid = m->cpu;
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
