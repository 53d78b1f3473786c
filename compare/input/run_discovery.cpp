#include "input/run_discovery.hpp"

#include "input/benchmark_name.hpp"
#include "input/log_files.hpp"
#include "core/shell_text.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// The lines of a log, or none with a warning when it is refused (a FIFO,
// /dev/zero, past a read limit): one bad file never stops the report.
std::optional<std::vector<std::string>> linesOf(const fs::path& file, Warnings& warnings) {
    try {
        if (auto text = readLog(file)) return splitLines(*text);
    } catch (const InputError& e) {
        warnings.push_back(e.what());
    }
    return std::nullopt;
}

std::vector<std::string> activityLines(const fs::path& iterDir, Warnings& warnings) {
    for (const char* name : {"tests-activity", "mmtests-activity"})
        if (auto lines = linesOf(iterDir / name, warnings)) return *lines;
    return {};
}

// When a run has no tests-activity (e.g. only tests-timestamp survived),
// its tests-timestamp says when it started and which benchmarks it ran.
std::vector<std::string> timestampLines(const fs::path& iterDir, Warnings& warnings) {
    return linesOf(iterDir / "tests-timestamp", warnings).value_or(std::vector<std::string>{});
}

std::optional<long> startOf(const fs::path& iterDir, Warnings& warnings) {
    for (const std::string& line : activityLines(iterDir, warnings))
        if (line.find("run-mmtests: Start") != std::string::npos) return std::atol(line.c_str());
    for (const std::string& line : timestampLines(iterDir, warnings))
        if (line.rfind("start :: ", 0) == 0) return std::atol(line.c_str() + 9);
    return std::nullopt;
}

// A directory that is not a symlink. compare-kernels.sh finds runs with
// `find -maxdepth 3 -name tests-activity`, which does not follow symlinks,
// so a `latest -> 6.1.0-ibrs` link is no run of its own (it would be a
// second column of the same run).
bool isRealDirectory(const fs::path& path, Warnings& warnings) {
    std::error_code ec;
    fs::file_status st = fs::symlink_status(path, ec);
    if (!ec && !fs::is_symlink(st)) return fs::is_directory(st);
    bool toDir = !ec && fs::is_directory(path, ec);
    if (ec)  // a symlink loop, a dangling link into nowhere readable
        warnings.push_back(path.string() + ": " + ec.message() + "; skipped");
    else if (toDir)
        warnings.push_back(path.string() + ": a symlink, not a run of its own (MMTests' find does not follow it); skipped");
    return false;
}

}  // namespace

std::vector<DiscoveredRun> discoverRuns(const fs::path& logDir, Warnings& warnings) {
    std::vector<DiscoveredRun> runs;
    for (const std::string& name : listDirectory(logDir)) {
        fs::path runDir = logDir / name;
        if (!isRealDirectory(runDir, warnings)) continue;
        for (const std::string& iter : listDirectory(runDir)) {
            if (iter.rfind("iter-", 0) != 0 || !isRealDirectory(runDir / iter, warnings)) continue;
            if (auto start = startOf(runDir / iter, warnings)) {
                runs.push_back({name, *start});
                break;
            }
        }
    }
    std::stable_sort(runs.begin(), runs.end(),
                     [](const DiscoveredRun& a, const DiscoveredRun& b) { return a.startEpoch < b.startEpoch; });
    return runs;
}

std::vector<std::string> benchmarksOfRun(const fs::path& runDir, Warnings& warnings) {
    std::vector<std::string> benches;
    auto add = [&](const std::string& b, const fs::path& file) {
        if (b.empty() || std::find(benches.begin(), benches.end(), b) != benches.end()) return;
        if (!isPlainBenchmarkName(b)) {
            warnings.push_back(file.string() + ": benchmark name '" + b.substr(0, 80) +
                               "' is not a plain name (letters, digits, _ - . +); skipped");
            return;
        }
        benches.push_back(b);
    };
    const fs::path iter0 = runDir / "iter-0";
    for (const std::string& line : activityLines(iter0, warnings)) {
        std::vector<std::string> f = perlSplitWhitespace(line);
        // "EPOCH run-mmtests: test start :: BENCH EPOCH" / "EPOCH run-mmtests: begin BENCH"
        if (line.find("run-mmtests: test start :: ") != std::string::npos && f.size() > 5) add(f[5], iter0 / "tests-activity");
        else if (line.find("run-mmtests: begin ") != std::string::npos && f.size() > 3) add(f[3], iter0 / "tests-activity");
        if (line.find("run-mmtests: Iteration 1 end") != std::string::npos) break;
    }
    if (benches.empty())
        for (const std::string& line : timestampLines(iter0, warnings)) {
            std::vector<std::string> f = perlSplitWhitespace(line);
            if (line.rfind("test begin :: ", 0) == 0 && f.size() > 3) add(f[3], iter0 / "tests-timestamp");
        }
    return benches;
}

}  // namespace mmtp::compare
