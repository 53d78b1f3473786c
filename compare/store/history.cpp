#include "store/history.hpp"

#include "base/errors.hpp"
#include "stats/extraction.hpp"
#include "stats/unit_inference.hpp"
#include "store/tree_export.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <regex>
#include <tuple>
#include <unordered_map>

namespace mmtp::compare::store {

namespace {

// The operation named exactly, else those the regex finds (unanchored).
std::vector<std::string> labelsMatching(Db& db, const HistoryRequest& r) {
    Stmt exact(db, "SELECT 1 FROM operations WHERE benchmark = ? AND label = ?");
    exact.bind(1, r.benchmark).bind(2, r.metric);
    if (exact.step() || !r.metricIsRegex) return {r.metric};
    std::regex re;
    try {
        re = std::regex(r.metric);
    } catch (const std::regex_error&) {
        throw UsageError("--metric '" + r.metric + "' is not a valid regular expression");
    }
    Stmt q(db, "SELECT label FROM operations WHERE benchmark = ? ORDER BY label");
    q.bind(1, r.benchmark);
    std::vector<std::string> labels;
    while (q.step()) {
        std::string l = q.text(0);
        if (l.size() <= kMaxOperationNameBytes && std::regex_search(l, re)) labels.push_back(std::move(l));
    }
    return labels;
}

// Each run's recorded settings for the benchmark (stores before schema 3 have none).
std::unordered_map<std::int64_t, std::string> settingsByRun(Db& db, const std::string& benchmark) {
    std::unordered_map<std::int64_t, std::string> out;
    if (schemaVersion(db) < 3) return out;
    Stmt q(db, "SELECT run_id, settings FROM run_benchmarks WHERE benchmark = ? AND settings IS NOT NULL");
    q.bind(1, benchmark);
    while (q.step()) out.emplace(q.integer(0), q.text(1));
    return out;
}

bool wanted(const HistoryRequest& r, const std::string& machine) {
    return r.machines.empty() || std::find(r.machines.begin(), r.machines.end(), machine) != r.machines.end();
}

// The runs of the request's machines by id, and their ids in the history's
// order: by machine, then start, then id.
struct WantedRuns {
    std::unordered_map<std::int64_t, StoredRun> byId;
    std::map<std::tuple<std::string, std::int64_t, std::int64_t>, std::int64_t> order;
};

WantedRuns wantedRuns(Db& db, const HistoryRequest& r) {
    WantedRuns runs;
    for (StoredRun& run : storedRuns(db, "", true))
        if (wanted(r, run.machine)) {
            runs.order[{run.machine, run.startEpoch, run.id}] = run.id;
            runs.byId.emplace(run.id, std::move(run));
        }
    return runs;
}

// What one operation's history reads, the same for each of its runs.
struct OperationRows {
    const std::string& label;
    const WantedRuns& runs;
    const std::unordered_map<std::int64_t, std::string>& settings;
};

// The run whose rows are being read: each goes through an Extraction, so a
// sample counts as compare counts it.
struct RunRows {
    std::int64_t id = -1;
    bool refused = false;  // the run holds an iteration past the bound
    Extraction ex;
};

// The run read into byRun, when it has a mean (and was not refused).
void keepRun(const OperationRows& o, const RunRows& run, std::unordered_map<std::int64_t, HistoryRun>& byRun) {
    if (run.id < 0 || run.refused) return;
    const StoredRun& stored = o.runs.byId.at(run.id);
    HistoryRun h{stored.machine, stored.name, stored.startEpoch, stored.replacedEpoch, {}, {}, std::nullopt};
    if (auto s = o.settings.find(run.id); s != o.settings.end()) h.settings = s->second;
    if (const std::vector<IterationSamples>* it = run.ex.samples(o.label)) {
        h.means = iterationMeans(*it);
        for (const IterationSamples& s : *it)
            if (!s.values.empty()) h.samples.push_back(s.values);
    }
    if (!h.means.empty()) byRun.emplace(run.id, std::move(h));
}

// An iteration the store may hold; one past the bound is a warning, and its
// run is left out of the history.
bool storableIteration(Db& db, const StoredRun& run, std::int64_t iteration, Warnings& warnings) {
    if (iteration >= 0 && iteration < kMaxStoredIterations) return true;
    warnings.push_back("store " + db.name() + ": run " + run.name + " of " + run.machine + " holds iteration " +
                       std::to_string(iteration) + " (at most " + std::to_string(kMaxStoredIterations) +
                       " are stored); left out of the history");
    return false;
}

// The operation's runs that have a mean, by id, from q's rows (in run order).
std::unordered_map<std::int64_t, HistoryRun> readRuns(Db& db, Stmt& q, const OperationRows& o, Warnings& warnings) {
    std::unordered_map<std::int64_t, HistoryRun> byRun;
    RunRows run;
    while (q.step()) {
        const std::int64_t id = q.integer(0);
        if (!o.runs.byId.count(id)) continue;
        if (id != run.id) {
            keepRun(o, run, byRun);
            run.id = id;
            run.refused = false;
            run.ex = Extraction();
        }
        if (run.refused) continue;
        const std::int64_t iteration = q.integer(1);
        if (!storableIteration(db, o.runs.byId.at(id), iteration, warnings)) {
            run.refused = true;
            continue;
        }
        while (run.ex.iterations() < iteration) run.ex.nextIteration();
        run.ex.addData(o.label, q.text(2), q.text(3));
    }
    keepRun(o, run, byRun);
    return byRun;
}

// One series per machine with a current run, its runs in the history's order
// (or by version); a run superseded by import --replace is kept beside them.
void addSeries(const HistoryRequest& r, const OperationRows& o, std::unordered_map<std::int64_t, HistoryRun> byRun,
               std::vector<Series>& out) {
    std::map<std::string, Series> byMachine;
    for (const auto& [key, id] : o.runs.order) {
        auto it = byRun.find(id);
        if (it == byRun.end()) continue;
        Series& s = byMachine[it->second.machine];
        s.machine = it->second.machine;
        s.op = o.label;
        (it->second.replacedEpoch ? s.replaced : s.runs).push_back(std::move(it->second));
    }
    for (auto& [m, s] : byMachine) {
        if (s.runs.empty()) continue;  // only superseded runs: no history
        if (r.sortVersion)
            std::stable_sort(s.runs.begin(), s.runs.end(), [](const HistoryRun& a, const HistoryRun& b) {
                return strverscmp(a.run.c_str(), b.run.c_str()) < 0;
            });
        out.push_back(std::move(s));
    }
}

}  // namespace

std::vector<SeriesRun> Series::forDetection() const {
    std::vector<SeriesRun> s;
    for (const HistoryRun& r : runs) s.push_back({machine + ":" + r.run, r.means, r.settings});
    return s;
}

std::vector<Series> loadHistory(Db& db, const HistoryRequest& r, Warnings& warnings) {
    // The runs once, then each operation's rows from the covering index in
    // run order (a join would walk every row of every run instead).
    const WantedRuns runs = wantedRuns(db, r);
    // SQLite is told the index (its planner, without ANALYZE, may not pick it).
    const std::unordered_map<std::int64_t, std::string> settings = settingsByRun(db, r.benchmark);
    Stmt q(db, std::string("SELECT run_id, iteration, sample, value FROM results") +
                   (db.dialect() == Dialect::Sqlite ? " INDEXED BY results_by_label" : "") +
                   " WHERE benchmark = ? AND label = ? ORDER BY run_id, iteration");
    std::vector<Series> out;
    for (const std::string& label : labelsMatching(db, r)) {
        q.bind(1, r.benchmark).bind(2, label);
        const OperationRows o{label, runs, settings};
        std::unordered_map<std::int64_t, HistoryRun> byRun = readRuns(db, q, o, warnings);
        q.reset();
        addSeries(r, o, std::move(byRun), out);
    }
    return out;
}

}  // namespace mmtp::compare::store
