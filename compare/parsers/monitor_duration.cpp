#include "parsers/monitor_duration.hpp"

#include "input/log_files.hpp"

#include <regex>
#include <stdexcept>

namespace mmtp::compare {

Rows parseDuration(const std::filesystem::path& iterDir, const std::string& bench) {
    Rows rows;
    auto text = readLog(iterDir / "tests-timestamp");
    if (!text) return rows;
    // MonitorDuration.pm escapes only '+' in the benchmark name.
    std::string pattern;
    for (char c : bench) {
        if (c == '+') pattern += '\\';
        pattern += c;
    }
    std::regex re;
    try {
        re = std::regex("^time :: " + pattern + " (.*)");
    } catch (const std::regex_error&) {
        throw std::runtime_error("benchmark name '" + bench + "' is not usable as a regular expression");
    }
    for (const std::string& line : splitLines(*text)) {
        std::smatch m;
        if (!std::regex_search(line, m, re, std::regex_constants::match_continuous)) continue;
        // split(/\s/, $1): every single blank separates a field.
        std::vector<std::string> f;
        std::string cur;
        for (char c : m[1].str()) {
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
                f.push_back(cur);
                cur.clear();
            } else {
                cur += c;
            }
        }
        f.push_back(cur);
        auto at = [&f](std::size_t i) { return i < f.size() ? f[i] : std::string(); };
        rows.push_back({"User", "", "", "0", at(0), ""});
        rows.push_back({"System", "", "", "0", at(2), ""});
        rows.push_back({"Elapsed", "", "", "0", at(4), ""});
    }
    return rows;
}

}  // namespace mmtp::compare
