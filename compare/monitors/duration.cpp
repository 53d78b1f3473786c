// MonitorDuration.pm: the user, system and elapsed seconds run-mmtests.sh
// recorded for the benchmark in each iteration's tests-timestamp
// ("time :: BENCH U user S system E elapsed"), all as sample 0.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "input/benchmark_name.hpp"

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

MonitorRun parseDurationMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                MonitorSession&) {
    if (!isPlainBenchmarkName(r.benchmark))
        throw std::runtime_error("benchmark name '" + r.benchmark + "' is not a plain name (letters, digits, _ - . +)");
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        for (const std::string& line : requiredLogLines(iterDir, "tests-timestamp", ReadLimits{})) {
            std::optional<std::string_view> captured = durationFields(line, r.benchmark);
            if (!captured) continue;
            // (Matched by hand, so the usual 1 MiB line limit is safe here.)
            // split(/\s/, $1): every single blank separates a field.
            std::vector<std::string> f = splitEachBlank(std::string(*captured));
            rows.push_back({"User", "", "", "0", rowText(fieldAt(f, 0)), ""});
            rows.push_back({"System", "", "", "0", rowText(fieldAt(f, 2)), ""});
            rows.push_back({"Elapsed", "", "", "0", rowText(fieldAt(f, 4)), ""});
        }
    });
}

}  // namespace mmtp::compare
