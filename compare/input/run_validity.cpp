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
    for (const std::string& name : listDirectory(runDir))
        if (name.rfind("iter-", 0) == 0 && isRealDirectory(runDir / name)) dirs.push_back(runDir / name);
    return dirs;
}

bool hasLogs(const fs::path& logs) { return isRealDirectory(logs) && !listDirectory(logs).empty(); }

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

namespace {

// Interrupted > incomplete > failed > no logs: the most telling problem wins.
int rank(RunProblem p) {
    switch (p) {
    case RunProblem::Interrupted: return 4;
    case RunProblem::Incomplete: return 3;
    case RunProblem::Failed: return 2;
    case RunProblem::NoLogs: return 1;
    case RunProblem::None: break;
    }
    return 0;
}

// Records a problem unless a more telling one is already kept.
void found(RunValidity& v, RunProblem p, std::string why) {
    if (rank(p) <= rank(v.problem)) return;
    v.problem = p;
    v.reason = std::move(why);
}

// One iteration's tests-timestamp and logs (counted when the test began).
void checkIteration(const fs::path& iter, const std::string& bench, Warnings& warnings, RunValidity& v) {
    const std::string where = iter.filename().string();
    auto stamps = readQuietly(iter / "tests-timestamp", warnings);
    if (!stamps) return;
    std::vector<std::string> rest;
    bool began = false, ended = false;
    for (const std::string& line : splitLines(*stamps)) {
        if (lineFor(line, "test begin", bench, rest)) began = true;
        if (lineFor(line, "interrupted", bench, rest))
            found(v, RunProblem::Interrupted,
                  bench + " was interrupted in " + where + (rest.size() > 1 ? " (signal " + rest[1] + ")" : ""));
        if (lineFor(line, "test end", bench, rest)) {
            ended = true;
            if (rest.size() < 2) v.exitUnknown = true;  // MMTests of 2020: no exit code written
            else if (rest[1] != "0") found(v, RunProblem::Failed, bench + " exited " + rest[1] + " in " + where);
        }
    }
    if (!began) return;
    ++v.iterations;
    if (!ended && v.problem != RunProblem::Interrupted)
        found(v, RunProblem::Incomplete, bench + " started in " + where + " but never ended (killed?)");
    if (!hasLogs(iter / bench / "logs")) found(v, RunProblem::NoLogs, "no logs in " + where + "/" + bench + "/logs");
}

// mmtests-activity's status lines: none (after an iteration began) or 130.
void checkActivity(const fs::path& runDir, Warnings& warnings, RunValidity& v) {
    auto activity = readQuietly(runDir / "mmtests-activity", warnings);
    if (!activity) return;
    bool finished = false;
    for (const std::string& line : splitLines(*activity)) {
        std::size_t p = line.find(" status :: ");
        if (p == std::string::npos) continue;
        finished = true;
        if (line.substr(p + 11) == "130") found(v, RunProblem::Interrupted, "the run was interrupted (status 130)");
    }
    if (!finished && v.iterations > 0)
        found(v, RunProblem::Incomplete, "the run never finished (no status line in mmtests-activity)");
}

}  // namespace

RunValidity checkRunValidity(const fs::path& runDir, const std::string& run, const std::string& bench,
                             Warnings& warnings) {
    RunValidity v{run, RunProblem::None, "", 0, "", false};
    for (const fs::path& iter : iterationDirs(runDir)) checkIteration(iter, bench, warnings, v);
    checkActivity(runDir, warnings, v);
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
