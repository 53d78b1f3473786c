#include "input/run_discovery.hpp"

#include "input/log_files.hpp"
#include "core/shell_text.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

std::vector<std::string> activityLines(const fs::path& iterDir) {
    for (const char* name : {"tests-activity", "mmtests-activity"})
        if (auto text = readLog(iterDir / name)) return splitLines(*text);
    return {};
}

// When a run has no tests-activity (e.g. only tests-timestamp survived),
// its tests-timestamp says when it started and which benchmarks it ran.
std::vector<std::string> timestampLines(const fs::path& iterDir) {
    if (auto text = readLog(iterDir / "tests-timestamp")) return splitLines(*text);
    return {};
}

std::optional<long> startOf(const fs::path& iterDir) {
    for (const std::string& line : activityLines(iterDir))
        if (line.find("run-mmtests: Start") != std::string::npos) return std::atol(line.c_str());
    for (const std::string& line : timestampLines(iterDir))
        if (line.rfind("start :: ", 0) == 0) return std::atol(line.c_str() + 9);
    return std::nullopt;
}

}  // namespace

std::vector<DiscoveredRun> discoverRuns(const fs::path& logDir) {
    std::vector<DiscoveredRun> runs;
    for (const std::string& name : listDirectory(logDir)) {
        fs::path runDir = logDir / name;
        if (!fs::is_directory(runDir)) continue;
        for (const std::string& iter : listDirectory(runDir)) {
            if (iter.rfind("iter-", 0) != 0) continue;
            if (auto start = startOf(runDir / iter)) {
                runs.push_back({name, *start});
                break;
            }
        }
    }
    std::stable_sort(runs.begin(), runs.end(),
                     [](const DiscoveredRun& a, const DiscoveredRun& b) { return a.startEpoch < b.startEpoch; });
    return runs;
}

std::vector<std::string> benchmarksOfRun(const fs::path& runDir) {
    std::vector<std::string> benches;
    for (const std::string& line : activityLines(runDir / "iter-0")) {
        std::vector<std::string> f = perlSplitWhitespace(line);
        auto add = [&benches](const std::string& b) {
            if (!b.empty() && std::find(benches.begin(), benches.end(), b) == benches.end()) benches.push_back(b);
        };
        // "EPOCH run-mmtests: test start :: BENCH EPOCH" / "EPOCH run-mmtests: begin BENCH"
        if (line.find("run-mmtests: test start :: ") != std::string::npos && f.size() > 5) add(f[5]);
        else if (line.find("run-mmtests: begin ") != std::string::npos && f.size() > 3) add(f[3]);
        if (line.find("run-mmtests: Iteration 1 end") != std::string::npos) break;
    }
    if (benches.empty())
        for (const std::string& line : timestampLines(runDir / "iter-0")) {
            std::vector<std::string> f = perlSplitWhitespace(line);
            if (line.rfind("test begin :: ", 0) == 0 && f.size() > 3 &&
                std::find(benches.begin(), benches.end(), f[3]) == benches.end())
                benches.push_back(f[3]);
        }
    return benches;
}

}  // namespace mmtp::compare
