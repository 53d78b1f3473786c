// until_decided.cpp - the stopping rule of --until-decided (until_decided.hpp).
#include "mitigation-matrix/until_decided.hpp"

#include "base/errors.hpp"
#include "base/fd.hpp"
#include "base/terminal_text.hpp"
#include "common/child_process.hpp"
#include "mitigation-matrix/schedule.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

// compare-kernels' JSON of a matrix tree is small; a larger file is not its.
constexpr std::size_t kMaxLookJsonBytes = 64 << 20;

bool anyRejected(const ScheduleState& state) {
    return std::any_of(state.boots.begin(), state.boots.end(),
                       [](const BootRecord& b) { return b.status == BootStatus::Rejected; });
}

// "each of 3 metrics at level 0.0012 of alpha 0.05": what compare-kernels
// said its calls at this look ran at.
std::string levelText(const Look& l) {
    char buf[96];
    if (!l.metricLevel) std::snprintf(buf, sizeof buf, "alpha %.2g over every look; the look said no level", kUntilDecidedAlpha);
    else
        std::snprintf(buf, sizeof buf, "each of %zu metrics at level %.2g of alpha %.2g", l.tested, *l.metricLevel,
                      kUntilDecidedAlpha);
    return buf;
}

// The look's JSON, opened O_NOFOLLOW (the work dir may be shared) and bounded.
std::string readBounded(const fs::path& file) {
    UniqueFd fd(::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
    if (fd.get() < 0) throw Error(errnoMessage("cannot open " + file.string()));
    std::string text;
    if (!readUpTo(fd.get(), kMaxLookJsonBytes, text)) throw Error(errnoMessage("cannot read " + file.string()));
    if (text.size() > kMaxLookJsonBytes) throw Error(file.string() + " is larger than 64 MiB");
    return text;
}

// What one look's JSON says: its verdict rows, how many are inconclusive
// (the first three named in `open`), the benchmarks that could not be compared.
struct LookTally {
    int rows = 0, inconclusive = 0, errors = 0;
    std::string open;
    std::vector<std::string> judged;  // the runs some verdict compared
    std::optional<double> metricLevel;  // the first verdict's: 1 - interval_confidence
    std::size_t tested = 0;
};

// The JSON is read, not trusted: a member is looked at only once it is there
// with the type expected (a const json's [] of a missing key is undefined).
bool hasString(const nlohmann::json& o, const char* key) {
    return o.is_object() && o.contains(key) && o[key].is_string();
}
bool hasNumber(const nlohmann::json& o, const char* key) {
    return o.is_object() && o.contains(key) && o[key].is_number() && o[key].get<double>() >= 0;
}
bool hasArray(const nlohmann::json& o, const char* key) {
    return o.is_object() && o.contains(key) && o[key].is_array();
}

void countRow(const nlohmann::json& verdict, const nlohmann::json& row, LookTally& t) {
    if (!hasString(row, "call")) return;
    if (hasString(verdict, "new")) t.judged.push_back(verdict["new"].get<std::string>());
    ++t.rows;
    if (row["call"] != "inconclusive") return;
    ++t.inconclusive;
    if (t.inconclusive <= 3 && hasString(row, "metric") && hasString(verdict, "new"))
        t.open += std::string(t.open.empty() ? "" : ", ") + verdict["new"].get<std::string>() + " " +
                  row["metric"].get<std::string>();
}

void countBenchmark(const nlohmann::json& benchmark, LookTally& t) {
    if (hasString(benchmark, "error") && !benchmark["error"].get<std::string>().empty()) ++t.errors;
    if (!hasArray(benchmark, "verdicts")) return;
    for (const auto& v : benchmark["verdicts"]) {
        if (hasArray(v, "rows"))
            for (const auto& r : v["rows"]) countRow(v, r, t);
        if (!t.metricLevel && hasNumber(v, "interval_confidence") && hasNumber(v, "tested")) {
            t.metricLevel = 1 - v["interval_confidence"].get<double>();
            t.tested = v["tested"].get<std::size_t>();
        }
    }
}

std::string summaryOf(const LookTally& t) {
    std::ostringstream s;
    s << t.rows - t.inconclusive << " of " << t.rows << " metric rows called or no change";
    if (t.inconclusive) s << "; inconclusive: " << t.open << (t.inconclusive > 3 ? ", ..." : "");
    if (t.errors) s << "; " << t.errors << " benchmark(s) could not be compared";
    return s.str();
}

}  // namespace

int firstLookRound(const MatrixSpec& spec) { return std::max(spec.bootsPerRow, kFirstLookRound); }

bool addRoundUntilDecided(ScheduleState& state, const MatrixSpec& spec, const LookAt& look) {
    if (hasPending(state) || anyRejected(state)) return false;
    const int round = completedRound(state, spec), last = lastRound(spec);
    if (round >= firstLookRound(spec)) {
        const Look l = look(round);
        std::cout << "mitigation-matrix: look at " << round << " boots per row (" << levelText(l) << "): "
                  << (l.decided ? "decided" : "undecided") << ": " << escapeControls(l.summary) << std::endl;
        if (l.decided) return false;
    }
    if (round >= last) {
        std::cout << "mitigation-matrix: budget spent (" << last << " boots per row): undecided" << std::endl;
        return false;
    }
    addRound(state, spec);
    return true;
}

std::optional<Look> finalLook(const ScheduleState& state, const MatrixSpec& spec, const LookAt& look) {
    const int round = completedRound(state, spec);
    if (anyRejected(state) || round < firstLookRound(spec)) return std::nullopt;
    // A schedule cut short (minutes spent) looks at its round (compare-kernels
    // gets it clamped to the budget's rounds, and says the level it used).
    return look(round);
}

Look lookFromJson(const std::string& text, const std::vector<std::string>& compared) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !hasArray(j, "benchmarks")) return {false, "compare-kernels wrote no verdict JSON"};
    LookTally t;
    for (const auto& b : j["benchmarks"]) countBenchmark(b, t);
    if (t.rows == 0) return {false, "no verdict rows (no metric matched, or nothing to compare)"};
    std::string missing;
    for (const auto& run : compared)
        if (std::find(t.judged.begin(), t.judged.end(), run) == t.judged.end())
            missing += (missing.empty() ? "" : ", ") + run;
    Look l{t.inconclusive == 0 && t.errors == 0, summaryOf(t), t.metricLevel, t.tested};
    if (!missing.empty()) {
        l.decided = false;
        l.summary += "; left out of the verdict (settings differ or the run is invalid): " + missing;
    }
    return l;
}

LookAt compareKernelsLook(const MatrixSpec& spec, const fs::path& workDir, const fs::path& binDir) {
    return [spec, workDir, binDir](int round) {
        const fs::path stem = workDir / "matrix" / ("look-" + std::to_string(round));
        fs::remove(stem.string() + ".json");
        SpawnOptions o;
        o.argv = {(binDir / "compare-kernels").string(),
                  "-C",
                  (workDir / "log").string(),
                  "--verdict",
                  "first",
                  "--baseline",
                  spec.rows.front().name};
        for (std::size_t i = 1; i < spec.rows.size(); ++i)
            o.argv.insert(o.argv.end(), {"--compare", spec.rows[i].name});
        if (!spec.decideMetric.empty()) o.argv.insert(o.argv.end(), {"--metric", spec.decideMetric});
        char number[64];
        std::snprintf(number, sizeof number, "%.17g", spec.decideThresholdPct);
        o.argv.insert(o.argv.end(), {"--threshold", number});
        // The look's place in the schedule: compare-kernels sets each metric's
        // calls at its exact boundary and its no change by repeated intervals.
        const int first = firstLookRound(spec), last = lastRound(spec);
        std::snprintf(number, sizeof number, "%d:%d:%d", std::clamp(round, first, last), first, last);
        o.argv.insert(o.argv.end(),
                      {"--sequential-look", number, "--format", "mail", "--json-export", stem.string() + ".json"});
        o.stdinPath = "/dev/null";
        o.stdoutPath = stem.string() + ".txt";
        o.stderrToStdout = true;
        const ExitStatus st = ChildProcess::spawn(o).wait();
        if (!st.success() || !fs::is_regular_file(stem.string() + ".json"))
            return Look{false, "compare-kernels " + st.describe() + " (see " + stem.string() + ".txt)"};
        try {
            std::vector<std::string> compared;
            for (std::size_t i = 1; i < spec.rows.size(); ++i) compared.push_back(spec.rows[i].name);
            return lookFromJson(readBounded(stem.string() + ".json"), compared);
        } catch (const Error& e) {
            return Look{false, e.what()};
        }
    };
}

}  // namespace mmtp::matrix
