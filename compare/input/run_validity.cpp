#include "input/run_validity.hpp"

#include "input/bounded_read.hpp"
#include "input/failure_cause.hpp"
#include "input/log_files.hpp"

#include <algorithm>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

// "KEY :: BENCH REST..." -> the words after BENCH, when the line is for bench.
bool lineFor(const std::string& line, const std::string& key, const std::string& bench, std::vector<std::string>& rest) {
    const std::string prefix = key + " :: " + bench;
    if (line.compare(0, prefix.size(), prefix) != 0) return false;
    if (line.size() > prefix.size() && line[prefix.size()] != ' ') return false;  // "pipe" vs "pipe-pingpong"
    std::istringstream words(line.substr(prefix.size()));
    rest.clear();
    for (std::string w; words >> w;) rest.push_back(w);
    return true;
}

std::optional<std::string> readQuietly(const fs::path& file, Warnings& warnings) {
    try {
        return readLog(file);
    } catch (const std::exception& e) {
        warnings.push_back(e.what());
        return std::nullopt;
    }
}

std::vector<fs::path> iterationDirs(const fs::path& runDir) {
    std::vector<fs::path> dirs;
    for (const std::string& name : listDirectory(runDir)) {
        std::error_code ec;
        if (name.rfind("iter-", 0) == 0 && fs::is_directory(fs::symlink_status(runDir / name, ec)))
            dirs.push_back(runDir / name);
    }
    return dirs;
}

bool hasLogs(const fs::path& logs) {
    std::error_code ec;
    return fs::is_directory(fs::symlink_status(logs, ec)) && !listDirectory(logs).empty();
}

}  // namespace

const char* problemName(RunProblem problem) {
    switch (problem) {
    case RunProblem::None: return "";
    case RunProblem::Failed: return "failed";
    case RunProblem::Interrupted: return "interrupted";
    case RunProblem::Incomplete: return "incomplete";
    case RunProblem::NoLogs: return "no logs";
    }
    return "";
}

RunValidity checkRunValidity(const fs::path& runDir, const std::string& run, const std::string& bench,
                             Warnings& warnings) {
    RunValidity v{run, RunProblem::None, "", 0, ""};
    // Keep the most telling problem: interrupted > incomplete > failed > no logs.
    auto rank = [](RunProblem p) {
        switch (p) {
        case RunProblem::Interrupted: return 4;
        case RunProblem::Incomplete: return 3;
        case RunProblem::Failed: return 2;
        case RunProblem::NoLogs: return 1;
        case RunProblem::None: break;
        }
        return 0;
    };
    auto found = [&v, &rank](RunProblem p, std::string why) {
        if (rank(p) <= rank(v.problem)) return;
        v.problem = p;
        v.reason = std::move(why);
    };
    std::vector<std::string> rest;
    for (const fs::path& iter : iterationDirs(runDir)) {
        const std::string where = iter.filename().string();
        auto stamps = readQuietly(iter / "tests-timestamp", warnings);
        if (!stamps) continue;
        bool began = false, ended = false;
        for (const std::string& line : splitLines(*stamps)) {
            if (lineFor(line, "test begin", bench, rest)) began = true;
            if (lineFor(line, "interrupted", bench, rest))
                found(RunProblem::Interrupted, bench + " was interrupted in " + where +
                                                   (rest.size() > 1 ? " (signal " + rest[1] + ")" : ""));
            if (lineFor(line, "test end", bench, rest)) {
                ended = true;
                const std::string rc = rest.size() > 1 ? rest[1] : "?";
                if (rc != "0") found(RunProblem::Failed, bench + " exited " + rc + " in " + where);
            }
        }
        if (!began) continue;
        ++v.iterations;
        if (!ended && v.problem != RunProblem::Interrupted)
            found(RunProblem::Incomplete, bench + " started in " + where + " but never ended (killed?)");
        if (!hasLogs(iter / bench / "logs")) found(RunProblem::NoLogs, "no logs in " + where + "/" + bench + "/logs");
    }
    if (auto activity = readQuietly(runDir / "mmtests-activity", warnings)) {
        bool finished = false;
        for (const std::string& line : splitLines(*activity)) {
            std::size_t p = line.find(" status :: ");
            if (p == std::string::npos) continue;
            finished = true;
            if (line.substr(p + 11) == "130") found(RunProblem::Interrupted, "the run was interrupted (status 130)");
        }
        if (!finished && v.iterations > 0)
            found(RunProblem::Incomplete, "the run never finished (no status line in mmtests-activity)");
    }
    if (v.problem == RunProblem::Failed)
        if (std::optional<std::string> cause = missingCapability(runDir, bench)) {
            v.missingCapability = *cause;
            v.reason += ": " + *cause;
        }
    return v;
}

std::vector<RunValidity> checkRunsValidity(const fs::path& logDir, const std::vector<std::string>& runs,
                                           const std::string& bench, Warnings& warnings) {
    // A run is incomplete only against its own plan (an iteration begun and
    // never ended, no status line): a rerun with more iterations does not
    // make the others incomplete.
    std::vector<RunValidity> out;
    for (const std::string& run : runs) out.push_back(checkRunValidity(logDir / run, run, bench, warnings));
    return out;
}

bool anyInvalid(const std::vector<RunValidity>& validity) {
    return std::any_of(validity.begin(), validity.end(), [](const RunValidity& v) { return !v.valid(); });
}

bool runUnfinished(const fs::path& runDir, Warnings& warnings) {
    auto activity = readQuietly(runDir / "mmtests-activity", warnings);
    if (!activity) return false;
    for (const std::string& line : splitLines(*activity))
        if (line.find(" status :: ") != std::string::npos) return false;
    return true;
}

}  // namespace mmtp::compare
