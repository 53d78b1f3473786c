// schema.hpp - the store's tables, versioned: every migration brings a store
// one version forward, in order, inside one transaction; a store written by
// a newer version of this tool is refused rather than misread.
#pragma once
#include "store/db.hpp"

#include <cstdint>
#include <string>

namespace mmtp::compare::store {

inline constexpr int kSchemaVersion = 7;

// The most iterations a stored run may have: import stores the rows of no
// more, and a history leaves out (with a warning) a run whose rows name an
// iteration past it, rather than making an iteration of every number below.
inline constexpr std::int64_t kMaxStoredIterations = 10000;

// The name a superseded run is stored under (its own stays in
// runs.replaced_name): "/replaced/ID", which no tree's run can hold.
std::string supersededRunName(std::int64_t runId);

// The version a store is at (0: empty file).
int schemaVersion(Db& db);

// Brings db to kSchemaVersion; StoreError for a store newer than that or
// one that is not ours.
void migrate(Db& db);

// StoreError unless a store at `version` is a results store already
// (version 1 or more): what a reader checks, so that it never makes an
// empty store of a typo.
void requireStore(Db& db, int version);

// Opens the store (an SQLite file or a postgresql:// URI) and migrates it:
// what every command starts with. Only Access::CreateIfMissing (import)
// makes a store of a missing file or an empty database.
struct OpenStore {
    OpenStore(const std::string& location, Access access) : handle(openDb(location, access)), db(*handle) {
        const int version = schemaVersion(db);  // once: a report's every query counts
        if (access == Access::ExistingOnly) requireStore(db, version);
        if (version != kSchemaVersion) migrate(db);
    }
    std::unique_ptr<Db> handle;
    Db& db;
};

}  // namespace mmtp::compare::store
