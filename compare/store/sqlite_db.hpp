// sqlite_db.hpp - the store in one SQLite file: the one door to SQLite.
#pragma once
#include "store/db.hpp"

namespace mmtp::compare::store {

// Opens (creating) the file; a database locked by another writer is waited
// on for up to 10 minutes (an import holds it for the whole tree).
std::unique_ptr<Db> openSqlite(const std::string& file);

}  // namespace mmtp::compare::store
