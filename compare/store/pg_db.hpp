// pg_db.hpp - the store on a PostgreSQL server (a fleet writing to one
// place): the one door to libpq. Text values travel as bytes (BYTEA, binary
// parameters), so a run name or a row from a log that is not UTF-8 is
// stored exactly as SQLite stores it, and sorts bytewise as there.
#pragma once
#include "store/db.hpp"

namespace mmtp::compare::store {

// location: a libpq URI (postgresql://[user@][host][:port][/db][?param=...]), or
// "postgresql:" alone (libpq's defaults); messages never hold its password.
std::unique_ptr<Db> openPostgres(const std::string& location);

// "... WHERE a = ? AND b = ?" -> "... WHERE a = $1 AND b = $2" (not inside
// '...' literals); count gets the number of placeholders.
std::string numberedPlaceholders(std::string_view sql, int& count);

}  // namespace mmtp::compare::store
