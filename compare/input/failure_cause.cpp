#include "input/failure_cause.hpp"

#include "input/log_files.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// A failed workload's log is its own output: it says why in its last lines.
constexpr std::size_t kMaxLogBytes = std::size_t{1} << 20;
constexpr std::size_t kMaxIterations = 64;
constexpr std::size_t kMaxParamBytes = 64;

// What each workload's wording means, in the report's words; a line that
// names none of them is "a capability this kernel lacks".
constexpr std::array<std::pair<const char*, const char*>, 1> kCapabilities{{
    {"indirect-branch", "per-task indirect-branch control absent"},  // ibpb-pulse, pipe-pingpong --ibpb
}};

bool paramChar(char c) {
    unsigned char u = static_cast<unsigned char>(c);
    return std::isalnum(u) || c == '_' || c == '=' || c == '-' || c == '.' || c == ',';
}

}  // namespace

std::optional<std::string> missingCapabilityInLog(const std::string& text) {
    const std::string marker = "boot with ";
    std::size_t at = text.find(marker);
    if (at == std::string::npos) return std::nullopt;
    std::size_t from = at + marker.size(), end = from;
    while (end < text.size() && end - from < kMaxParamBytes && paramChar(text[end])) ++end;
    while (end > from && (text[end - 1] == ',' || text[end - 1] == '.')) --end;  // the sentence's, not the parameter's
    if (end == from) return std::nullopt;
    std::size_t lineStart = text.rfind('\n', at);
    const std::string line = text.substr(lineStart == std::string::npos ? 0 : lineStart + 1, at);
    std::string what = "a capability this kernel lacks";
    for (const auto& [phrase, meaning] : kCapabilities)
        if (line.find(phrase) != std::string::npos) {
            what = meaning;
            break;
        }
    return what + " (" + text.substr(from, end - from) + ")";
}

std::optional<std::string> missingCapability(const fs::path& runDir, const std::string& bench) {
    std::vector<std::string> iterations;
    for (const std::string& name : listDirectory(runDir))
        if (name.rfind("iter-", 0) == 0) iterations.push_back(name);
    std::sort(iterations.begin(), iterations.end());
    if (iterations.size() > kMaxIterations) iterations.resize(kMaxIterations);
    ReadLimits limits;
    limits.fileBytes = kMaxLogBytes;
    limits.decompressedBytes = kMaxLogBytes;
    for (const std::string& iter : iterations) {
        try {
            std::optional<std::string> text = readLog(runDir / iter / bench / "logs" / "mmtests.log", limits);
            if (!text) continue;
            if (std::optional<std::string> cause = missingCapabilityInLog(*text)) return cause;
        } catch (const InputError&) {
            continue;  // a refused log says nothing; the run's validity already names it failed
        }
    }
    return std::nullopt;
}

}  // namespace mmtp::compare
