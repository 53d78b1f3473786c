#include "parsers/monitor_duration.hpp"

#include "input/benchmark_name.hpp"
#include "input/log_files.hpp"

#include <optional>
#include <stdexcept>
#include <string_view>

namespace mmtp::compare {

namespace {

// MonitorDuration.pm's /^time \:\: $bench (.*)/ with only '+' escaped in the
// name, so a '.' in it matches any character; everything else a plain name
// holds is literal. Matched by hand: a "time ::" line may be 40k characters,
// too long for std::regex's recursion. Returns what (.*) captured.
std::optional<std::string_view> durationFields(std::string_view line, std::string_view bench) {
    constexpr std::string_view kPrefix = "time :: ";
    if (line.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
    line.remove_prefix(kPrefix.size());
    if (line.size() < bench.size() + 1) return std::nullopt;
    for (std::size_t i = 0; i < bench.size(); ++i)
        if (bench[i] != '.' ? line[i] != bench[i] : line[i] == '\n') return std::nullopt;
    if (line[bench.size()] != ' ') return std::nullopt;
    return line.substr(bench.size() + 1);
}

}  // namespace

Rows parseDuration(const std::filesystem::path& iterDir, const std::string& bench) {
    if (!isPlainBenchmarkName(bench))
        throw std::runtime_error("benchmark name '" + bench + "' is not a plain name (letters, digits, _ - . +)");
    Rows rows;
    auto text = readLog(iterDir / "tests-timestamp");
    if (!text) return rows;
    for (const std::string& line : splitLines(*text)) {
        std::optional<std::string_view> captured = durationFields(line, bench);
        if (!captured) continue;
        // split(/\s/, $1): every single blank separates a field.
        std::vector<std::string> f;
        std::string cur;
        for (char c : *captured) {
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
