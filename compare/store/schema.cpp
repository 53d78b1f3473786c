#include "store/schema.hpp"

#include <string>
#include <vector>

namespace mmtp::compare::store {

namespace {

// migrations[i] brings a store from version i to i + 1. Append, never edit.
const std::vector<const char*> kMigrations = {
    // 1: runs of machines, their files (content-addressed), validity,
    // machine state and every parse-results row; a history reads one
    // operation's rows from results_by_label alone (it covers the query).
    R"(CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
       CREATE TABLE machines(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
       CREATE TABLE blobs(hash TEXT PRIMARY KEY, size INTEGER NOT NULL, data BLOB NOT NULL);
       CREATE TABLE runs(id INTEGER PRIMARY KEY,
                         machine_id INTEGER NOT NULL REFERENCES machines(id),
                         name TEXT NOT NULL, content_hash TEXT NOT NULL,
                         start_epoch INTEGER NOT NULL, imported_epoch INTEGER NOT NULL,
                         cmdline TEXT,
                         UNIQUE(machine_id, name));
       CREATE INDEX runs_by_name ON runs(name);
       CREATE TABLE files(run_id INTEGER NOT NULL REFERENCES runs(id), path TEXT NOT NULL,
                          hash TEXT NOT NULL REFERENCES blobs(hash), PRIMARY KEY(run_id, path));
       CREATE TABLE run_benchmarks(run_id INTEGER NOT NULL REFERENCES runs(id), benchmark TEXT NOT NULL,
                                   iterations INTEGER NOT NULL, problem TEXT NOT NULL, reason TEXT NOT NULL,
                                   PRIMARY KEY(run_id, benchmark));
       CREATE TABLE machine_state(run_id INTEGER NOT NULL REFERENCES runs(id), key TEXT NOT NULL,
                                  value TEXT NOT NULL, PRIMARY KEY(run_id, key));
       CREATE TABLE results(run_id INTEGER NOT NULL REFERENCES runs(id), benchmark TEXT NOT NULL,
                            iteration INTEGER NOT NULL, label TEXT NOT NULL,
                            metric TEXT NOT NULL, factor_a TEXT NOT NULL, factor_b TEXT NOT NULL,
                            sample TEXT NOT NULL, value TEXT NOT NULL, extra TEXT NOT NULL);
       CREATE TABLE operations(benchmark TEXT NOT NULL, label TEXT NOT NULL, PRIMARY KEY(benchmark, label));
       CREATE INDEX results_by_label ON results(benchmark, label, run_id, iteration, sample, value);)",
};

bool hasMetaTable(Db& db) {
    Stmt q(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
    return q.step() && q.integer(0) == 1;
}

bool isEmpty(Db& db) {
    Stmt q(db, "SELECT count(*) FROM sqlite_master");
    return q.step() && q.integer(0) == 0;
}

}  // namespace

int schemaVersion(Db& db) {
    if (!hasMetaTable(db)) {
        if (isEmpty(db)) return 0;
        throw StoreError("store " + db.file() + ": not a results store (no meta table)");
    }
    Stmt q(db, "SELECT value FROM meta WHERE key = 'schema_version'");
    if (!q.step()) throw StoreError("store " + db.file() + ": no schema_version in its meta table");
    std::string v = q.text(0);
    if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos)
        throw StoreError("store " + db.file() + ": schema_version '" + v.substr(0, 20) + "' is not a number");
    return std::stoi(v);
}

void migrate(Db& db) {
    if (int v = schemaVersion(db); v == kSchemaVersion) return;
    Transaction t(db);
    int v = schemaVersion(db);  // again, under the write lock: another importer may have migrated
    if (v > kSchemaVersion)
        throw StoreError("store " + db.file() + ": schema version " + std::to_string(v) +
                         " is newer than this results-store knows (" + std::to_string(kSchemaVersion) + ")");
    for (int i = v; i < kSchemaVersion; ++i) db.exec(kMigrations[static_cast<std::size_t>(i)]);
    Stmt set(db, "INSERT OR REPLACE INTO meta(key, value) VALUES('schema_version', ?)");
    set.bind(1, std::to_string(kSchemaVersion)).run();
    t.commit();
}

}  // namespace mmtp::compare::store
