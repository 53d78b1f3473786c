#include "history/history.hpp"

#include "base/errors.hpp"
#include "stats/extraction.hpp"
#include "store/series_summary.hpp"

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

// The machines' ids: all of them when the request names none; a name the
// store lacks has no runs.
std::vector<std::int64_t> wantedMachineIds(Db& db, const HistoryRequest& r) {
    std::vector<std::int64_t> ids;
    Stmt q(db, "SELECT id FROM machines WHERE name = ?");
    for (const std::string& m : r.machines) {
        q.bind(1, m);
        if (q.step() && std::find(ids.begin(), ids.end(), q.integer(0)) == ids.end()) ids.push_back(q.integer(0));
        q.reset();
    }
    return ids;
}

// An iteration the store may hold; one past the bound is a warning, and its
// run is left out of the history.
bool storableIteration(Db& db, const std::string& machine, const HistoryRun& run, std::int64_t iteration,
                       Warnings& warnings) {
    if (iteration >= 0 && iteration < kMaxStoredIterations) return true;
    warnings.push_back("store " + db.name() + ": run " + run.run + " of " + machine + " holds iteration " +
                       std::to_string(iteration) + " (at most " + std::to_string(kMaxStoredIterations) +
                       " are stored); left out of the history");
    return false;
}

// A series row's iteration means into the run (of this machine); false (with
// a warning) when they cannot be read or name an iteration past the bound.
bool readMeans(Db& db, std::string_view bytes, const std::string& machine, HistoryRun& run,
               std::vector<IterationMean>& scratch, Warnings& warnings) {
    if (!decodeMeans(bytes, scratch)) {
        warnings.push_back("store " + db.name() + ": run " + run.run + " of " + machine +
                           " holds iteration means that cannot be read; left out of the history");
        return false;
    }
    run.means.reserve(scratch.size());
    for (const IterationMean& it : scratch) {
        if (!storableIteration(db, machine, run, it.iteration, warnings)) return false;
        if (it.mean) run.means.push_back(*it.mean);
    }
    return true;
}

// The series query's columns: run id, machine id, start, run name,
// replaced epoch (read by the caller: replaced, nullopt when NULL),
// settings, means; into h, built in place in its series.
void fillHistoryRun(const Stmt& q, std::optional<std::int64_t> replaced, HistoryRun& h) {
    h.run = q.text(3);
    h.startEpoch = q.integer(2);
    h.runId = q.integer(0);
    // A superseded run is shown as NAME/replaced-ID: no run (a directory) can be named so.
    if (replaced) {
        h.replacedEpoch = *replaced;
        h.run += "/replaced-" + std::to_string(h.runId);
    }
    if (!q.isNull(5)) h.settings = q.text(5);
}

// What a history reads, once: the machines' names and the queries.
struct SeriesReader {
    Db& db;
    std::map<std::int64_t, std::string> machines;
    std::vector<Stmt> all, one;  // every machine's rows, one machine's: a query per part (seriesParts)
    Warnings& warnings;
    std::vector<IterationMean> scratch;
    std::string bytes;  // a row's means, the buffer reused
    bool unordered = false;  // rows came from a second part: each series is sorted again
};

// SQLite reads the series table in its key's order; PostgreSQL reads it from
// its two partial indexes (kPostgresSeriesIndexes), narrow rows then wide.
std::vector<std::string> seriesParts(Dialect d) {
    if (d == Dialect::Sqlite) return {""};
    return {std::string(" AND ") + kSeriesNarrow, std::string(" AND NOT (") + kSeriesNarrow + ")"};
}

SeriesReader seriesReader(Db& db, Warnings& warnings) {
    SeriesReader r{db, {}, {}, {}, warnings, {}, {}, false};
    Stmt q(db, "SELECT id, name FROM machines");
    while (q.step()) r.machines.emplace(q.integer(0), q.text(1));
    const std::string select =
        "SELECT run_id, machine_id, start_epoch, run_name, replaced_epoch, settings, means FROM series "
        "WHERE benchmark = ? AND label = ?";
    const std::string order = " ORDER BY machine_id, start_epoch, run_id";
    for (const std::string& part : seriesParts(db.dialect())) {
        r.all.emplace_back(db, select + part + order, Fetch::InBatches);
        r.one.emplace_back(db, select + " AND machine_id = ?" + part + order, Fetch::InBatches);
    }
    return r;
}

// The series of the machine with this id (its name from r.machines),
// created on its first run.
Series& seriesOf(const SeriesReader& r, std::int64_t machineId, const std::string& label,
                 std::map<std::string, Series>& byMachine) {
    auto m = r.machines.find(machineId);
    const std::string& name = m == r.machines.end() ? std::string() : m->second;
    auto [it, added] = byMachine.try_emplace(name);
    Series& s = it->second;
    if (added) {
        s.machine = name;
        s.op = label;
    }
    return s;
}

// One operation's runs from q (in machine, start, id order) into one series
// per machine (machines by name); a run superseded by import --replace is
// kept beside them, a run without a number left out. Each run is read into
// its place at the end of its series (no copy of it).
void addSeries(SeriesReader& r, const std::string& label, Stmt& q, std::map<std::string, Series>& byMachine) {
    bool any = false;
    Series* s = nullptr;
    std::int64_t machineId = 0;
    while (q.step()) {
        if (!s || q.integer(1) != machineId) s = &seriesOf(r, machineId = q.integer(1), label, byMachine);
        const std::optional<std::int64_t> replaced = q.isNull(4) ? std::nullopt : std::optional(q.integer(4));
        std::vector<HistoryRun>& to = replaced.value_or(0) == 0 ? s->runs : s->replaced;
        // Grown fourfold, not twofold: each growth writes the runs into new
        // pages (first touches: page faults), so 1.33 times the final
        // memory is touched instead of 2 (the capacity past the runs is
        // reserved, never touched).
        if (to.size() == to.capacity()) to.reserve(std::max<std::size_t>(256, to.capacity() * 4));
        HistoryRun& h = to.emplace_back();
        fillHistoryRun(q, replaced, h);
        q.textInto(6, r.bytes);
        if (!readMeans(r.db, r.bytes, s->machine, h, r.scratch, r.warnings) || h.means.empty()) {
            to.pop_back();
            continue;
        }
        any = true;
    }
    q.reset();
    if (any && &q != &r.all.front() && &q != &r.one.front()) r.unordered = true;
}

bool historyOrder(const HistoryRun& a, const HistoryRun& b) {
    return a.startEpoch != b.startEpoch ? a.startEpoch < b.startEpoch : a.runId < b.runId;
}

void appendSeries(const HistoryRequest& r, bool unordered, std::map<std::string, Series>& byMachine,
                  std::vector<Series>& out) {
    for (auto& [m, s] : byMachine) {
        if (s.runs.empty()) continue;  // only superseded runs: no history
        if (unordered) {
            std::sort(s.runs.begin(), s.runs.end(), historyOrder);
            std::sort(s.replaced.begin(), s.replaced.end(), historyOrder);
        }
        if (r.sortVersion)
            std::stable_sort(s.runs.begin(), s.runs.end(), [](const HistoryRun& a, const HistoryRun& b) {
                return strverscmp(a.run.c_str(), b.run.c_str()) < 0;
            });
        out.push_back(std::move(s));
    }
}

}  // namespace

SeriesRuns Series::forDetection() const {
    SeriesRuns s;
    s.reserve(runs.size());
    for (const HistoryRun& r : runs) s.push_back(&r);
    return s;
}

std::vector<Series> loadHistory(Db& db, const HistoryRequest& r, Warnings& warnings) {
    // One row per run from the series table's key range (the operation, then
    // the machine).
    const std::vector<std::int64_t> machines = wantedMachineIds(db, r);
    SeriesReader reader = seriesReader(db, warnings);
    std::vector<Series> out;
    for (const std::string& label : labelsMatching(db, r)) {
        std::map<std::string, Series> byMachine;
        reader.unordered = false;
        for (std::size_t part = 0; part < reader.all.size(); ++part) {
            if (r.machines.empty()) {
                reader.all[part].bind(1, r.benchmark).bind(2, label);
                addSeries(reader, label, reader.all[part], byMachine);
            }
            for (std::int64_t id : machines) {
                reader.one[part].bind(1, r.benchmark).bind(2, label).bind(3, id);
                addSeries(reader, label, reader.one[part], byMachine);
            }
        }
        appendSeries(r, reader.unordered, byMachine, out);
    }
    return out;
}

}  // namespace mmtp::compare::store
