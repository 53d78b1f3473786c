// schema.hpp - the store's tables, versioned: every migration brings a store
// one version forward, in order, inside one transaction; a store written by
// a newer version of this tool is refused rather than misread.
#pragma once
#include "store/db.hpp"

namespace mmtp::compare::store {

inline constexpr int kSchemaVersion = 1;

// The version a store is at (0: empty file).
int schemaVersion(Db& db);

// Brings db to kSchemaVersion; StoreError for a store newer than that or
// one that is not ours.
void migrate(Db& db);

// Opens the store (an SQLite file or a postgresql:// URI) and migrates it:
// what every command starts with.
struct OpenStore {
    explicit OpenStore(const std::string& location) : handle(openDb(location)), db(*handle) { migrate(db); }
    std::unique_ptr<Db> handle;
    Db& db;
};

}  // namespace mmtp::compare::store
