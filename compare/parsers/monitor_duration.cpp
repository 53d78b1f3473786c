// MonitorDuration.pm: the user, system and elapsed seconds run-mmtests.sh
// recorded for the benchmark in each iteration's tests-timestamp
// ("time :: BENCH U user S system E elapsed"), all as sample 0.
#include "parsers/monitors.hpp"
#include "parsers/monitor_text.hpp"

#include <regex>

namespace mmtp::compare {

MonitorRun parseDurationMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                MonitorSession&) {
    // MonitorDuration.pm escapes only '+' in the benchmark name.
    std::string pattern;
    for (char c : r.benchmark) {
        if (c == '+') pattern += '\\';
        pattern += c;
    }
    std::regex re;
    try {
        re = std::regex("^time :: " + pattern + " (.*)");
    } catch (const std::regex_error&) {
        throw std::runtime_error("benchmark name '" + r.benchmark + "' is not usable as a regular expression");
    }
    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        for (const std::string& line : requiredLogLines(iterDir, "tests-timestamp")) {
            std::smatch m;
            if (!std::regex_search(line, m, re, std::regex_constants::match_continuous)) continue;
            // split(/\s/, $1): every single blank separates a field.
            std::vector<std::string> f = splitEachBlank(m[1].str());
            rows.push_back({"User", "", "", "0", rowText(fieldAt(f, 0)), ""});
            rows.push_back({"System", "", "", "0", rowText(fieldAt(f, 2)), ""});
            rows.push_back({"Elapsed", "", "", "0", rowText(fieldAt(f, 4)), ""});
        }
    }
    return run;
}

}  // namespace mmtp::compare
