// sqlite_db.hpp - the store in one SQLite file: the one door to SQLite.
#pragma once
#include "store/db.hpp"

namespace mmtp::compare::store {

// Opens the file (creating it only for Access::CreateIfMissing); a database
// locked by another writer is waited on for up to 10 minutes (an import
// holds it for the whole tree). SQLite's special names are refused.
std::unique_ptr<Db> openSqlite(const std::string& file, Access access);

}  // namespace mmtp::compare::store
