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

}  // namespace

std::vector<SeriesRun> Series::forDetection() const {
    std::vector<SeriesRun> s;
    for (const HistoryRun& r : runs) s.push_back({machine + ":" + r.run, r.means, r.settings});
    return s;
}

std::vector<Series> loadHistory(Db& db, const HistoryRequest& r, Warnings& warnings) {
    // The runs once, then each operation's rows from the covering index in
    // run order (a join would walk every row of every run instead).
    std::unordered_map<std::int64_t, StoredRun> runs;
    std::map<std::tuple<std::string, std::int64_t, std::int64_t>, std::int64_t> order;  // (machine, start, id)
    for (StoredRun& run : storedRuns(db, "", true))
        if (wanted(r, run.machine)) {
            order[{run.machine, run.startEpoch, run.id}] = run.id;
            runs.emplace(run.id, std::move(run));
        }
    // SQLite is told the index (its planner, without ANALYZE, may not pick it).
    const std::unordered_map<std::int64_t, std::string> settings = settingsByRun(db, r.benchmark);
    Stmt q(db, std::string("SELECT run_id, iteration, sample, value FROM results") +
                   (db.dialect() == Dialect::Sqlite ? " INDEXED BY results_by_label" : "") +
                   " WHERE benchmark = ? AND label = ? ORDER BY run_id, iteration");
    std::vector<Series> out;
    for (const std::string& label : labelsMatching(db, r)) {
        q.bind(1, r.benchmark).bind(2, label);
        // Each run's rows go through an Extraction, so a sample counts as compare counts it.
        std::unordered_map<std::int64_t, HistoryRun> byRun;
        std::int64_t runId = -1;
        bool refused = false;  // the run holds an iteration past the bound
        Extraction ex;
        auto flush = [&] {
            if (runId < 0 || refused) return;
            const StoredRun& stored = runs.at(runId);
            HistoryRun h{stored.machine, stored.name, stored.startEpoch, stored.replacedEpoch, {}, {}, std::nullopt};
            if (auto s = settings.find(runId); s != settings.end()) h.settings = s->second;
            if (const std::vector<IterationSamples>* it = ex.samples(label)) {
                h.means = iterationMeans(*it);
                for (const IterationSamples& s : *it)
                    if (!s.values.empty()) h.samples.push_back(s.values);
            }
            if (!h.means.empty()) byRun.emplace(runId, std::move(h));
        };
        while (q.step()) {
            const std::int64_t id = q.integer(0);
            if (!runs.count(id)) continue;
            if (id != runId) {
                flush();
                runId = id;
                refused = false;
                ex = Extraction();
            }
            if (refused) continue;
            const std::int64_t iteration = q.integer(1);
            if (iteration < 0 || iteration >= kMaxStoredIterations) {
                warnings.push_back("store " + db.name() + ": run " + runs.at(id).name + " of " + runs.at(id).machine +
                                   " holds iteration " + std::to_string(iteration) + " (at most " +
                                   std::to_string(kMaxStoredIterations) + " are stored); left out of the history");
                refused = true;
                continue;
            }
            while (ex.iterations() < iteration) ex.nextIteration();
            ex.addData(label, q.text(2), q.text(3));
        }
        flush();
        q.reset();
        std::map<std::string, Series> byMachine;
        for (const auto& [key, id] : order) {
            auto it = byRun.find(id);
            if (it == byRun.end()) continue;
            Series& s = byMachine[it->second.machine];
            s.machine = it->second.machine;
            s.op = label;
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
    return out;
}

}  // namespace mmtp::compare::store
