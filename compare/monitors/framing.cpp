#include "monitors/framing.hpp"

#include "core/perl_scalar.hpp"

namespace mmtp::compare {

std::optional<std::string_view> timeStampDigits(std::string_view line) {
    constexpr std::string_view kMark = "time: ";
    if (!line.starts_with(kMark)) return std::nullopt;
    const std::string_view rest = line.substr(kMark.size());
    const std::size_t digits = rest.find_first_not_of("0123456789");
    const std::string_view stamp = rest.substr(0, digits);
    if (stamp.empty()) return std::nullopt;
    return stamp;
}

std::optional<double> timeStamp(std::string_view line) {
    const std::optional<std::string_view> digits = timeStampDigits(line);
    if (!digits) return std::nullopt;
    return numify(*digits);
}

MonitorRun readEachIteration(const std::vector<std::filesystem::path>& iterDirs, const IterationReader& read) {
    MonitorRun run;
    for (const auto& iterDir : iterDirs) read(iterDir, run.iterations.emplace_back());
    return run;
}

}  // namespace mmtp::compare
