#include "store/history.hpp"

#include "base/errors.hpp"
#include "stats/extraction.hpp"
#include "stats/iteration_inference.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <regex>

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

bool wanted(const HistoryRequest& r, const std::string& machine) {
    return r.machines.empty() || std::find(r.machines.begin(), r.machines.end(), machine) != r.machines.end();
}

}  // namespace

std::vector<SeriesRun> Series::forDetection() const {
    std::vector<SeriesRun> s;
    for (const HistoryRun& r : runs) s.push_back({machine + ":" + r.run, r.means});
    return s;
}

std::vector<Series> loadHistory(Db& db, const HistoryRequest& r) {
    Stmt q(db,
           "SELECT m.name, r.name, r.start_epoch, r.id, res.iteration, res.sample, res.value "
           "FROM results res JOIN runs r ON r.id = res.run_id JOIN machines m ON m.id = r.machine_id "
           "WHERE res.benchmark = ? AND res.label = ? ORDER BY m.name, r.start_epoch, r.id, res.iteration, res.rowid");
    std::vector<Series> out;
    for (const std::string& label : labelsMatching(db, r)) {
        q.bind(1, r.benchmark).bind(2, label);
        std::map<std::string, Series> byMachine;
        // Each run's rows go through an Extraction, so a sample counts as compare counts it.
        std::int64_t runId = -1;
        Extraction ex;
        HistoryRun current;
        Series* series = nullptr;
        auto flush = [&] {
            if (runId < 0) return;
            if (const std::vector<IterationSamples>* it = ex.samples(label)) {
                current.means = iterationMeans(*it);
                for (const IterationSamples& s : *it)
                    if (!s.values.empty()) current.samples.push_back(s.values);
            }
            if (!current.means.empty()) series->runs.push_back(std::move(current));
        };
        while (q.step()) {
            const std::string machine = q.text(0);
            if (!wanted(r, machine)) continue;
            if (q.integer(3) != runId) {
                flush();
                runId = q.integer(3);
                ex = Extraction();
                current = HistoryRun{machine, q.text(1), q.integer(2), {}, {}};
                series = &byMachine[machine];
                series->machine = machine;
                series->op = label;
            }
            while (ex.iterations() < q.integer(4)) ex.nextIteration();
            const std::string sample = q.text(5), value = q.text(6);
            ex.addData(label, sample, value);
        }
        flush();
        q.reset();
        for (auto& [m, s] : byMachine) {
            if (r.sortVersion)
                std::stable_sort(s.runs.begin(), s.runs.end(), [](const HistoryRun& a, const HistoryRun& b) {
                    return strverscmp(a.run.c_str(), b.run.c_str()) < 0;
                });
            if (!s.runs.empty()) out.push_back(std::move(s));
        }
    }
    return out;
}

}  // namespace mmtp::compare::store
