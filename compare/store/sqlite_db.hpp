// sqlite_db.hpp - the store's one door to SQLite: a connection, prepared
// statements whose every value is a bound parameter (never text pasted into
// SQL), and a transaction that rolls back unless committed. Errors are
// StoreError naming the database file and what SQLite said.
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace mmtp::compare::store {

struct StoreError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Db;

class Stmt {
public:
    Stmt(Db& db, std::string_view sql);
    ~Stmt();
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;

    // Parameters are 1-based, as in SQLite.
    Stmt& bind(int i, std::string_view text);
    Stmt& bind(int i, std::int64_t value);
    Stmt& bindBlob(int i, std::string_view bytes);
    Stmt& bindNull(int i);
    // True while a row is ready; false when done. Throws StoreError.
    bool step();
    // step() that must finish without a row (INSERT, UPDATE, DDL).
    void run();
    void reset();  // ready for new bindings

    std::int64_t integer(int col) const;
    std::string text(int col) const;  // a NULL reads as ""
    bool isNull(int col) const;

private:
    Db& db_;
    sqlite3_stmt* stmt_ = nullptr;
};

class Db {
public:
    // Opens (creating) the file; a database locked by another writer is
    // waited on for up to 10 minutes (an import holds it for the whole tree).
    explicit Db(const std::string& file);
    ~Db();
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    void exec(const std::string& sql);  // trusted, parameter-free SQL only (schema, BEGIN)
    std::int64_t lastInsertId() const;
    int changes() const;
    const std::string& file() const { return file_; }
    sqlite3* handle() { return db_; }
    [[noreturn]] void fail(const std::string& what) const;

private:
    std::string file_;
    sqlite3* db_ = nullptr;
};

// BEGIN IMMEDIATE on construction (one writer at a time, no deadlock on
// upgrade); ROLLBACK in the destructor unless commit() ran.
class Transaction {
public:
    explicit Transaction(Db& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Db& db_;
    bool done_ = false;
};

}  // namespace mmtp::compare::store
