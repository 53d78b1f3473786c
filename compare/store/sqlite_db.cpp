#include "store/sqlite_db.hpp"

#include <sqlite3.h>

namespace mmtp::compare::store {

Db::Db(const std::string& file) : file_(file) {
    // NOFOLLOW: a store path that is a symlink is refused (a root cron job
    // must not be steered into writing elsewhere).
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW;
    if (sqlite3_open_v2(file.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
        std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw StoreError("store " + file + ": cannot open: " + msg);
    }
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, 600000);  // another machine's import of a big tree holds the write lock
    // A store mailed in is untrusted: no extension loading, no triggers or
    // views it defines running as us.
    sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    sqlite3_db_config(db_, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_db_config(db_, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
}

Db::~Db() { sqlite3_close_v2(db_); }

void Db::fail(const std::string& what) const {
    throw StoreError("store " + file_ + ": " + what + ": " + sqlite3_errmsg(db_));
}

void Db::exec(const std::string& sql) {
    char* msg = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
        std::string m = msg ? msg : "unknown error";
        sqlite3_free(msg);
        throw StoreError("store " + file_ + ": " + m);
    }
}

std::int64_t Db::lastInsertId() const { return sqlite3_last_insert_rowid(db_); }
int Db::changes() const { return sqlite3_changes(db_); }

Stmt::Stmt(Db& db, std::string_view sql) : db_(db) {
    if (sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) != SQLITE_OK)
        db_.fail("cannot prepare a query");
}

Stmt::~Stmt() { sqlite3_finalize(stmt_); }

Stmt& Stmt::bind(int i, std::string_view text) {
    if (sqlite3_bind_text64(stmt_, i, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8) != SQLITE_OK)
        db_.fail("cannot bind a value");
    return *this;
}

Stmt& Stmt::bind(int i, std::int64_t value) {
    if (sqlite3_bind_int64(stmt_, i, value) != SQLITE_OK) db_.fail("cannot bind a value");
    return *this;
}

Stmt& Stmt::bindBlob(int i, std::string_view bytes) {
    if (sqlite3_bind_blob64(stmt_, i, bytes.data(), bytes.size(), SQLITE_TRANSIENT) != SQLITE_OK)
        db_.fail("cannot bind a value");
    return *this;
}

Stmt& Stmt::bindNull(int i) {
    if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) db_.fail("cannot bind a value");
    return *this;
}

bool Stmt::step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    db_.fail("query failed");
}

void Stmt::run() {
    while (step()) {
    }
    reset();
}

void Stmt::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

std::int64_t Stmt::integer(int col) const { return sqlite3_column_int64(stmt_, col); }

std::string Stmt::text(int col) const {
    const void* p = sqlite3_column_blob(stmt_, col);
    int n = sqlite3_column_bytes(stmt_, col);
    return p ? std::string(static_cast<const char*>(p), static_cast<std::size_t>(n)) : std::string();
}

bool Stmt::isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

Transaction::Transaction(Db& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
    if (!done_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    db_.exec("COMMIT");
    done_ = true;
}

}  // namespace mmtp::compare::store
