#include "store/db.hpp"

#include "store/pg_db.hpp"
#include "store/sqlite_db.hpp"

namespace mmtp::compare::store {

bool isPostgresLocation(const std::string& location) {
    return location.rfind("postgresql:", 0) == 0 || location.rfind("postgres:", 0) == 0;
}

std::unique_ptr<Db> openDb(const std::string& location, Access access) {
    if (location.empty()) throw StoreError("--store '': no store named (an SQLite file or a postgresql:// URI)");
    return isPostgresLocation(location) ? openPostgres(location) : openSqlite(location, access);
}

}  // namespace mmtp::compare::store
