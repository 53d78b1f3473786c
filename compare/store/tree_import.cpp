#include "store/tree_import.hpp"

#include "input/benchmark_name.hpp"
#include "input/bounded_read.hpp"
#include "input/log_files.hpp"
#include "input/machine_state.hpp"
#include "input/run_discovery.hpp"
#include "input/run_snapshot.hpp"
#include "input/run_settings.hpp"
#include "input/run_validity.hpp"
#include "parsers/benchmark_source.hpp"
#include "stats/extraction.hpp"
#include "store/content_hash.hpp"
#include "store/schema.hpp"
#include "store/series_summary.hpp"
#include "store/stored_rows.hpp"

#include <ctime>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace mmtp::compare::store {

namespace {

std::vector<std::string> iterationNames(const fs::path& runDir) {
    std::vector<std::string> iters;
    for (const std::string& n : listDirectory(runDir))
        if (n.rfind("iter-", 0) == 0) iters.push_back(n);
    return iters;
}

struct StoredFile {
    std::string path, hash;
};

// Every regular file below a run, in path order, each written to blobs as
// it is read. Links, FIFOs and devices are not stored: a warning each (the
// report from the store then lacks them, as MMTests' find lacks links). What
// it lists and reads goes into the run's snapshot, so the rest of the import
// reads the run from memory (run_snapshot.hpp).
class RunScanner {
public:
    RunScanner(Db& db, const ImportLimits& limits, Warnings& warnings)
        : insertBlob_(db, "INSERT INTO blobs(hash, size, data) VALUES(?, ?, ?) ON CONFLICT DO NOTHING"),
          limits_(limits),
          warnings_(warnings) {}

    std::vector<StoredFile> scan(const fs::path& runDir, RunSnapshot& snapshot) {
        files_.clear();
        bytes_ = 0;
        whole_ = true;
        const std::size_t warned = warnings_.size();
        snapshot_ = &snapshot;
        walk(runDir, "", 0);
        whole_ = whole_ && warnings_.size() == warned;
        return std::move(files_);
    }
    // Whether the last scan stored the run's whole tree: every entry a
    // regular file stored or a directory holding some (the export then makes
    // the same tree; stored_rows.hpp).
    bool whole() const { return whole_; }

private:
    void walk(const fs::path& dir, const std::string& rel, int depth) {
        if (depth > limits_.depth) {
            warnings_.push_back(dir.string() + ": deeper than " + std::to_string(limits_.depth) + " levels; not stored");
            return;
        }
        std::vector<std::pair<std::string, EntryKind>> entries;
        const bool whole = listEntriesFromDisk(dir, entries);
        if (!whole || entries.empty()) whole_ = false;  // an empty directory is not exported
        for (const auto& [name, kind] : entries) {
            fs::path p = dir / name;
            std::string r = rel.empty() ? name : rel + "/" + name;
            if (kind == EntryKind::Directory) {
                walk(p, r, depth + 1);
            } else if (kind == EntryKind::Regular) {
                add(p, r);
            } else {
                warnings_.push_back(p.string() + ": not a regular file or directory (a link?); not stored");
            }
        }
        if (whole) snapshot_->addDirectory(dir, std::move(entries));
    }

    void add(const fs::path& p, const std::string& rel) {
        if (files_.size() >= limits_.filesPerRun)
            throw InputError(p.string() + ": more than " + std::to_string(limits_.filesPerRun) + " files in one run");
        std::optional<std::string> data;
        try {
            data = readRegularFile(p);
        } catch (const InputError& e) {  // one file past a read limit costs that file
            warnings_.push_back(std::string(e.what()) + "; not stored");
            return;
        }
        if (!data) {
            whole_ = false;
            return;
        }
        bytes_ += data->size();
        if (bytes_ > limits_.bytesPerRun)
            throw InputError(p.string() + ": the run's files pass " + std::to_string(limits_.bytesPerRun >> 20) + " MiB");
        std::string hash = sha256Hex(*data);
        insertBlob_.bind(1, hash).bind(2, static_cast<std::int64_t>(data->size())).bindBlob(3, *data).run();
        files_.push_back({rel, std::move(hash)});
        snapshot_->addFile(p, std::move(*data));
    }

    Stmt insertBlob_;
    RunSnapshot* snapshot_ = nullptr;
    const ImportLimits& limits_;
    Warnings& warnings_;
    std::vector<StoredFile> files_;
    std::size_t bytes_ = 0;
    bool whole_ = true;
};

std::string runContentHash(const std::vector<StoredFile>& files) {
    std::string manifest;
    for (const StoredFile& f : files) manifest += f.path + '\0' + f.hash + '\n';
    return sha256Hex(manifest);
}

// Looked up before it is inserted: PostgreSQL's identity would spend an id
// on every import of a known machine otherwise.
std::int64_t machineId(Db& db, const std::string& machine) {
    Stmt q(db, "SELECT id FROM machines WHERE name = ?");
    q.bind(1, machine);
    if (q.step()) return q.integer(0);
    q.reset();
    Stmt ins(db, "INSERT INTO machines(name) VALUES(?) ON CONFLICT DO NOTHING");
    ins.bind(1, machine).run();
    q.bind(1, machine);
    if (!q.step()) throw StoreError("store " + db.name() + ": machine " + machine + " vanished");
    return q.integer(0);
}

// The benchmarks of a run: directories under its iterations with a logs/ inside.
std::vector<std::string> benchmarksIn(const fs::path& runDir, const std::vector<std::string>& iters) {
    std::set<std::string> found;
    for (const std::string& it : iters)
        for (const std::string& b : listDirectory(runDir / it))
            if (isPlainBenchmarkName(b) && isRealDirectory(runDir / it / b / "logs")) found.insert(b);
    return {found.begin(), found.end()};
}

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
    return s;
}

class RunWriter {
public:
    RunWriter(Db& db, const ImportRequest& r, ImportSummary& summary)
        : db_(db),
          request_(r),
          summary_(summary),
          insertFile_(db, "INSERT INTO files(run_id, path, hash) VALUES(?, ?, ?)"),
          insertRows_(db, "results",
                      {"run_id", "benchmark", "iteration", "label", "metric", "factor_a", "factor_b", "sample", "value",
                       "extra"}),
          insertBench_(db,
                       "INSERT INTO run_benchmarks(run_id, benchmark, iterations, problem, reason, settings, "
                       "rows_source, rows_last, rows_count) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)"),
          insertState_(db, "INSERT INTO machine_state(run_id, key, value) VALUES(?, ?, ?) "
                                   "ON CONFLICT(run_id, key) DO UPDATE SET value = excluded.value"),
          insertOperation_(db, "INSERT INTO operations(benchmark, label) VALUES(?, ?) ON CONFLICT DO NOTHING"),
          insertSeries_(seriesInsert(db)) {}

    // Where the run's series rows sort (series_summary.hpp).
    struct SeriesKey {
        std::int64_t machineId, startEpoch;
    };

    // wholeTree: the files are the run's whole tree (RunScanner::whole).
    void write(std::int64_t runId, const std::string& run, const std::vector<StoredFile>& files, SeriesKey where,
               bool wholeTree) {
        for (const StoredFile& f : files) insertFile_.bind(1, runId).bind(2, f.path).bind(3, f.hash).run();
        summary_.files += files.size();
        const fs::path runDir = request_.tree / run;
        RunMachineState state = readMachineState(request_.tree, run);
        for (const auto& [key, value] : state.entries) insertState_.bind(1, runId).bind(2, key).bind(3, value).run();
        append(summary_.warnings, state.warnings);
        std::vector<std::string> iters = iterationNames(runDir);
        if (iters.size() > static_cast<std::size_t>(kMaxStoredIterations)) {
            wholeTree = false;  // rows of some iterations only
            summary_.warnings.push_back("run " + run + ": " + std::to_string(iters.size()) +
                                        " iterations; the rows of the first " + std::to_string(kMaxStoredIterations) +
                                        " are stored");
            iters.resize(static_cast<std::size_t>(kMaxStoredIterations));
        }
        for (const std::string& bench : benchmarksIn(runDir, iters)) {
            RunValidity v = checkRunValidity(runDir, run, bench, summary_.warnings);
            insertBench_.bind(1, runId).bind(2, bench).bind(3, std::int64_t{v.iterations})
                .bind(4, problemName(v.problem)).bind(5, v.reason);
            std::optional<std::string> settings;
            if (auto words = benchmarkSettings(request_.tree, run, bench)) settings = joined(*words);
            if (settings) insertBench_.bind(6, *settings);
            else insertBench_.bindNull(6);
            const WrittenRows rows = writeRows(runId, runDir, iters, bench);
            bindRowsPlace(wholeTree && rows.exact, rows.count);
            insertBench_.run();
            series_.write(insertSeries_, bench, {runId, where.machineId, where.startEpoch, run, std::nullopt, settings});
        }
    }

    // The queued series rows stored (SeriesCollector): before the commit.
    void finish() { series_.flush(insertSeries_); }

private:
    static void append(Warnings& to, const Warnings& from) { to.insert(to.end(), from.begin(), from.end()); }

    const BenchmarkSource* source(const std::string& bench) {
        auto it = sources_.find(bench);
        if (it != sources_.end()) return it->second ? &*it->second : nullptr;
        std::optional<BenchmarkSource> src;
        try {
            src = findBenchmark(bench, "", std::nullopt, request_.mmtestsDir);
        } catch (const std::runtime_error& e) {
            summary_.warnings.push_back("benchmark " + bench + ": " + e.what() + "; its files are stored, not its rows");
        }
        auto [pos, _] = sources_.emplace(bench, std::move(src));
        return pos->second ? &*pos->second : nullptr;
    }

    // A benchmark's rows: how many, and whether they are exactly what its
    // parse of the run's stored files gives (a native parser, no warning, no
    // refused file; stored_rows.hpp).
    struct WrittenRows {
        bool exact = false;
        std::int64_t count = 0;
    };

    // Where a --store report finds the rows (run_benchmarks' columns 7-9):
    // SQLite's rowids of one benchmark of one run are one range.
    void bindRowsPlace(bool exact, std::int64_t count) {
        if (!exact || db_.dialect() != Dialect::Sqlite) {
            insertBench_.bindNull(7).bindNull(8).bindNull(9);
            return;
        }
        std::int64_t last = 0;
        if (count > 0) {
            if (!lastRow_) lastRow_.emplace(db_, "SELECT max(rowid) FROM results");
            if (lastRow_->step()) last = lastRow_->integer(0);
            lastRow_->reset();
        }
        insertBench_.bind(7, storedRowsSource()).bind(8, last).bind(9, count);
    }

    WrittenRows writeRows(std::int64_t runId, const fs::path& runDir, const std::vector<std::string>& iters,
                          const std::string& bench) {
        const BenchmarkSource* src = source(bench);
        if (!src) return {};
        WrittenRows written{findNativeBenchmark(bench) != nullptr, 0};
        const std::size_t warned = summary_.warnings.size();
        for (std::size_t i = 0; i < iters.size(); ++i) {
            RowTable rows;
            try {
                rows = src->parse(runDir / iters[i] / bench / "logs", summary_.warnings);
            } catch (const InputError& e) {  // as compare: the file costs this iteration's rows
                summary_.warnings.push_back(std::string(e.what()) + "; no rows for " + iters[i]);
                continue;
            }
            for (const RowView& row : rows) {
                const std::string label = operationLabel(row);
                if (operations_.find(std::pair<std::string_view, std::string_view>(bench, label)) == operations_.end()) {
                    operations_.emplace(bench, label);
                    insertOperation_.bind(1, bench).bind(2, label).run();
                }
                insertRows_.integer(runId).text(bench).integer(static_cast<std::int64_t>(i)).text(label)
                    .text(row.metric).text(row.factorA).text(row.factorB).text(row.interval).text(row.value)
                    .text(row.extra).endRow();
                series_.add(label, static_cast<std::int64_t>(i), row.interval, row.value);
            }
            summary_.rows += rows.size();
            written.count += static_cast<std::int64_t>(rows.size());
        }
        written.exact = written.exact && summary_.warnings.size() == warned;
        return written;
    }

    Db& db_;
    const ImportRequest& request_;
    ImportSummary& summary_;
    Stmt insertFile_;
    BulkInsert insertRows_;  // results: COPY on PostgreSQL
    Stmt insertBench_, insertState_, insertOperation_;
    BulkInsert insertSeries_;
    std::optional<Stmt> lastRow_;  // SQLite's last rowid of results (bindRowsPlace)
    SeriesCollector series_;  // the rows of the benchmark being written
    // Looked up by views (no pair of strings made a row, then freed).
    struct ByViews {
        using is_transparent = void;
        template <typename A, typename B>
        bool operator()(const A& a, const B& b) const {
            const std::string_view a1 = a.first, b1 = b.first;
            return a1 != b1 ? a1 < b1 : std::string_view(a.second) < std::string_view(b.second);
        }
    };
    std::set<std::pair<std::string, std::string>, ByViews> operations_;  // (benchmark, label) already written
    std::map<std::string, std::optional<BenchmarkSource>> sources_;
};

// A run left out takes its blobs with it: each run is a savepoint. A kept
// run's is released with the next run's begin() (or end()): one statement
// a run, not two (on PostgreSQL a round trip, which also carries the run's
// bulk rows: db.hpp's BulkInsert).
class RunSavepoint {
public:
    explicit RunSavepoint(Db& db) : db_(db) {}
    void begin() {
        db_.exec(kept_ ? "RELEASE SAVEPOINT run; SAVEPOINT run" : "SAVEPOINT run");
        kept_ = false;
    }
    void keep() { kept_ = true; }
    void drop() { db_.exec("ROLLBACK TO SAVEPOINT run; RELEASE SAVEPOINT run"); }
    void end() {
        if (kept_) db_.exec("RELEASE SAVEPOINT run");
        kept_ = false;
    }

private:
    Db& db_;
    bool kept_ = false;
};

// A run import --replace supersedes keeps its name in replaced_name and
// frees NAME (stored once per machine) for its rerun: its own name becomes
// one no tree's run can hold (schema.hpp), marked with when.
void supersedeRun(Db& db, std::int64_t runId, const std::string& name) {
    const auto now = static_cast<std::int64_t>(std::time(nullptr));
    Stmt(db, "UPDATE runs SET name = ?, replaced_name = ?, replaced_epoch = ? WHERE id = ?")
        .bind(1, supersededRunName(runId))
        .bind(2, name)
        .bind(3, now)
        .bind(4, runId)
        .run();
    // Its series rows by their key, one operation at a time (an index on
    // run_id would cost every imported row, for a rare --replace).
    std::vector<std::pair<std::string, std::string>> operations;
    {
        Stmt q(db, "SELECT benchmark, label FROM operations");
        while (q.step()) operations.emplace_back(q.text(0), q.text(1));
    }
    Stmt mark(db,
              "UPDATE series SET replaced_epoch = ? WHERE benchmark = ? AND label = ? AND machine_id = "
              "(SELECT machine_id FROM runs WHERE id = ?) AND start_epoch = (SELECT start_epoch FROM runs WHERE id = ?) "
              "AND run_id = ?");
    for (const auto& [benchmark, label] : operations)
        mark.bind(1, now).bind(2, benchmark).bind(3, label).bind(4, runId).bind(5, runId).bind(6, runId).run();
}

}  // namespace

std::string machineNameProblem(const std::string& machine) {
    if (machine.empty()) return "an empty name";
    if (machine.size() > kMaxMachineNameBytes) return "longer than " + std::to_string(kMaxMachineNameBytes) + " bytes";
    for (char c : machine)
        if (c < '!' || c > '~' || c == ':' || c == ',' || c == '/')
            return "use printable ASCII ('!' to '~', no space) without ':', ',' or '/'";
    return "";
}

std::vector<std::string> runDirectories(const fs::path& tree) {
    std::vector<std::string> runs;
    for (const std::string& name : listDirectory(tree)) {
        const fs::path dir = tree / name;
        if (!isRealDirectory(dir)) continue;
        for (const std::string& it : iterationNames(dir))
            if (isRealDirectory(dir / it)) {
                runs.push_back(name);
                break;
            }
    }
    return runs;
}

ImportSummary importTree(Db& db, const ImportRequest& r, const ImportLimits& limits) {
    if (std::string why = machineNameProblem(r.machine); !why.empty()) throw StoreError("machine name: " + why);
    if (!fs::is_directory(r.tree)) throw InputError(r.tree.string() + ": not a directory");
    // Every read below stays in the tree (and the checkout its parsers use).
    std::vector<fs::path> roots{fs::canonical(r.tree)};
    if (r.mmtestsDir && fs::is_directory(*r.mmtestsDir)) roots.push_back(fs::canonical(*r.mmtestsDir));
    const TreeBoundary confined(roots);

    ImportSummary summary;
    std::vector<std::string> runs = runDirectories(r.tree);
    if (runs.empty()) throw InputError(r.tree.string() + ": no run directory (RUN/iter-N) in it");
    std::map<std::string, long> started;
    for (const DiscoveredRun& d : discoverRuns(r.tree, summary.warnings)) started[d.name] = d.startEpoch;

    Transaction t(db);
    const std::int64_t machine = machineId(db, r.machine);
    RunScanner scanner(db, limits, summary.warnings);
    RunWriter writer(db, r, summary);
    RunSavepoint savepoint(db);
    Stmt existing(db, "SELECT content_hash, id FROM runs WHERE machine_id = ? AND name = ? AND replaced_epoch IS NULL");
    Stmt insertRun(db,
                   "INSERT INTO runs(machine_id, name, content_hash, start_epoch, imported_epoch, cmdline) "
                   "VALUES(?, ?, ?, ?, ?, ?) RETURNING id");
    for (const std::string& run : runs) {
        if (runUnfinished(r.tree / run, summary.warnings)) {
            summary.warnings.push_back("run " + run +
                                       " is not finished (no status line in its mmtests-activity); "
                                       "not imported until it is");
            ++summary.runsUnfinished;
            continue;
        }
        savepoint.begin();
        std::vector<StoredFile> files;
        RunSnapshot snapshot;
        try {
            files = scanner.scan(r.tree / run, snapshot);
        } catch (const InputError& e) {
            summary.warnings.push_back(std::string(e.what()) + "; run " + run + " not imported");
            savepoint.drop();
            ++summary.runsRefused;
            continue;
        }
        const std::string hash = runContentHash(files);
        existing.bind(1, machine).bind(2, run);
        if (existing.step()) {
            const std::string had = existing.text(0);
            const std::int64_t oldId = existing.integer(1);
            existing.reset();
            if (had == hash) {
                savepoint.keep();
                ++summary.runsUnchanged;
                continue;
            }
            if (!r.replace) {
                savepoint.drop();
                summary.warnings.push_back("run " + run + " of machine " + r.machine +
                                           " is already stored with other content (a run name is stored once per "
                                           "machine; --replace replaces it); not imported");
                ++summary.runsRefused;
                continue;
            }
            supersedeRun(db, oldId, run);  // inside this tree's transaction: replaced at once or not at all
            ++summary.runsReplaced;
        } else {
            existing.reset();
        }
        const SnapshotInForce fromMemory(snapshot);
        RunSettings settings = readRunSettings(r.tree, run);
        summary.warnings.insert(summary.warnings.end(), settings.warnings.begin(), settings.warnings.end());
        auto s = started.find(run);
        const std::int64_t startEpoch = s == started.end() ? 0 : s->second;
        insertRun.bind(1, machine).bind(2, run).bind(3, hash)
            .bind(4, startEpoch)
            .bind(5, static_cast<std::int64_t>(std::time(nullptr)));
        if (settings.cmdline) insertRun.bind(6, *settings.cmdline);
        if (!insertRun.step()) throw StoreError("store " + db.name() + ": run " + run + " was not given an id");
        const std::int64_t runId = insertRun.integer(0);
        insertRun.reset();
        writer.write(runId, run, files, {machine, startEpoch}, scanner.whole());
        savepoint.keep();
        ++summary.runsAdded;
    }
    savepoint.end();
    writer.finish();
    t.commit();
    // PostgreSQL reads a history from series' index alone once VACUUM has
    // marked the new pages all-visible (autovacuum does, but later); it
    // reads only the pages not marked yet.
    if (db.dialect() == Dialect::Postgres && (summary.runsAdded || summary.runsReplaced)) db.exec("VACUUM series");
    return summary;
}

}  // namespace mmtp::compare::store
