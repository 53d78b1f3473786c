#include "store/db.hpp"

#include "store/pg_db.hpp"
#include "store/sqlite_db.hpp"

namespace mmtp::compare::store {

bool isPostgresLocation(const std::string& location) {
    return location.rfind("postgresql:", 0) == 0 || location.rfind("postgres:", 0) == 0;
}

std::unique_ptr<Db> openDb(const std::string& location) {
    return isPostgresLocation(location) ? openPostgres(location) : openSqlite(location);
}

}  // namespace mmtp::compare::store
