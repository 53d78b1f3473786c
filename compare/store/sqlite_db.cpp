#include "store/sqlite_db.hpp"

#include <sqlite3.h>
#include <sys/stat.h>

#include <cerrno>

namespace mmtp::compare::store {

namespace {

// SQLite reads ":memory:", "" and (built with URI names on, as Debian's is)
// "file:..." as a database that is not the file named: refused, and a
// relative path is passed as ./PATH so that no name is read as anything else.
std::string literalPath(const std::string& file) {
    if (file == ":memory:" || file.rfind("file:", 0) == 0)
        throw StoreError("store " + file + ": not a file name (SQLite would read it as " +
                         (file == ":memory:" ? "a database in memory" : "a URI") + "); name the store's file");
    return file[0] == '/' ? file : "./" + file;
}

class SqliteDb : public Db {
public:
    SqliteDb(const std::string& file, Access access) : Db(file) {
        const std::string path = literalPath(file);
        // No memory statistics (nothing reads them): SQLite then takes no
        // global mutex on every allocation, a tenth of an import's CPU.
        // Only before SQLite's initialisation; later calls change nothing.
        static const bool configured = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
        (void)configured;
        struct stat st {};
        if (access == Access::ExistingOnly && ::lstat(path.c_str(), &st) != 0 && errno == ENOENT)
            throw StoreError("store " + file + ": no such store (results-store import creates one)");
        // NOFOLLOW: a store path that is a symlink is refused (a root cron job
        // must not be steered into writing elsewhere).
        int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX;  // one thread per connection
        if (access == Access::CreateIfMissing) flags |= SQLITE_OPEN_CREATE;
        if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
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
        // An import writes a whole tree in one transaction: with SQLite's
        // default 2 MiB page cache it spilled pages to the file (and the
        // journal) over and over, a third of its CPU. Memory is taken only
        // as pages are touched.
        if (access == Access::CreateIfMissing) exec("PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY");
    }
    ~SqliteDb() override { sqlite3_close_v2(db_); }

    [[noreturn]] void fail(const std::string& what) const {
        throw StoreError("store " + name() + ": " + what + ": " + sqlite3_errmsg(db_));
    }

    Dialect dialect() const override { return Dialect::Sqlite; }

    void exec(const std::string& sql) override {
        char* msg = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
            std::string m = msg ? msg : "unknown error";
            sqlite3_free(msg);
            throw StoreError("store " + name() + ": " + m);
        }
    }

    std::unique_ptr<StatementBackend> prepare(std::string_view sql, Fetch fetch) override;

    void begin() override { exec("BEGIN IMMEDIATE"); }
    void commit() override { exec("COMMIT"); }
    void rollback() noexcept override { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }

    sqlite3* handle() { return db_; }

private:
    sqlite3* db_ = nullptr;
};

class SqliteStmt : public StatementBackend {
public:
    SqliteStmt(SqliteDb& db, std::string_view sql) : db_(db) {
        if (sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) != SQLITE_OK)
            db_.fail("cannot prepare a query");
    }
    ~SqliteStmt() override { sqlite3_finalize(stmt_); }

    void bindText(int i, std::string_view text) override {
        if (sqlite3_bind_text64(stmt_, i, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8) != SQLITE_OK)
            db_.fail("cannot bind a value");
    }
    void bindTextInPlace(int i, std::string_view text) override {
        if (sqlite3_bind_text64(stmt_, i, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8) != SQLITE_OK)
            db_.fail("cannot bind a value");
    }
    void bindInteger(int i, std::int64_t value) override {
        if (sqlite3_bind_int64(stmt_, i, value) != SQLITE_OK) db_.fail("cannot bind a value");
    }
    void bindBlob(int i, std::string_view bytes) override {
        if (sqlite3_bind_blob64(stmt_, i, bytes.data(), bytes.size(), SQLITE_TRANSIENT) != SQLITE_OK)
            db_.fail("cannot bind a value");
    }
    void bindNull(int i) override {
        if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) db_.fail("cannot bind a value");
    }

    bool step() override {
        int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        db_.fail("query failed");
    }
    void reset() override {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }

    std::int64_t integer(int col) const override { return sqlite3_column_int64(stmt_, col); }
    std::string text(int col) const override {
        const void* p = sqlite3_column_blob(stmt_, col);
        int n = sqlite3_column_bytes(stmt_, col);
        return p ? std::string(static_cast<const char*>(p), static_cast<std::size_t>(n)) : std::string();
    }
    void textInto(int col, std::string& into) const override {
        const void* p = sqlite3_column_blob(stmt_, col);
        into.assign(p ? static_cast<const char*>(p) : "", p ? static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)) : 0);
    }
    bool isNull(int col) const override { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

private:
    SqliteDb& db_;
    sqlite3_stmt* stmt_ = nullptr;
};

std::unique_ptr<StatementBackend> SqliteDb::prepare(std::string_view sql, Fetch) {  // SQLite steps row by row anyway
    return std::make_unique<SqliteStmt>(*this, sql);
}

}  // namespace

std::unique_ptr<Db> openSqlite(const std::string& file, Access access) {
    return std::make_unique<SqliteDb>(file, access);
}

}  // namespace mmtp::compare::store
