// db.hpp - the store's door to its database, SQLite or PostgreSQL: a
// connection, prepared statements whose every value is a bound parameter
// (never text pasted into SQL; `?` placeholders, numbered by position), and a
// transaction that rolls back unless committed. Each backend is one file,
// the only one that includes its library's header (sqlite_db.cpp, pg_db.cpp).
// Errors are StoreError naming the store and what its database said.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare::store {

struct StoreError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What differs between the two in SQL text: types in the schema, the
// catalogue, SQLite's INDEXED BY. Everything else is written once.
enum class Dialect { Sqlite, Postgres };

// How a query's rows come: All at once (small rows; one answer), OneByOne
// (big rows, a run's files: memory holds one at a time), or InBatches (many
// small rows, a history's 100,000: PostgreSQL reads them through a cursor,
// a batch at a time (pg_db.cpp), when the statement starts inside a transaction (a
// ReadTransaction), else as All; SQLite steps row by row whatever the mode).
enum class Fetch { All, OneByOne, InBatches };

// One prepared statement of a backend (see Stmt for the contract).
class StatementBackend {
public:
    virtual ~StatementBackend() = default;
    virtual void bindText(int i, std::string_view text) = 0;
    virtual void bindInteger(int i, std::int64_t value) = 0;
    virtual void bindBlob(int i, std::string_view bytes) = 0;
    // bindText without a copy where the backend can: the bytes must stay
    // until the statement has run (or been reset).
    virtual void bindTextInPlace(int i, std::string_view text) { bindText(i, text); }
    virtual void bindNull(int i) = 0;
    virtual bool step() = 0;
    virtual void reset() = 0;
    // Runs a statement that returns no row, then resets it. A backend may
    // send it without waiting for its answer (PostgreSQL pipelines them);
    // its error then comes from the next query or commit, which is still
    // inside the same transaction.
    virtual void run() {
        while (step()) {
        }
        reset();
    }
    virtual std::int64_t integer(int col) const = 0;
    virtual std::string text(int col) const = 0;
    // text(col) into a buffer the caller reuses (no allocation a row).
    virtual void textInto(int col, std::string& into) const { into = text(col); }
    virtual bool isNull(int col) const = 0;
};

// Many rows into one table, each row its columns in the order they were
// named. SQLite runs its prepared INSERT a row (db.cpp); PostgreSQL sends
// them a batch at a time as COPY FROM STDIN (pg_db.cpp), before the next
// statement that waits for an answer (commit at the latest), a round trip
// a batch instead of a message and a result a row. An error then comes from
// that statement, inside the same transaction, as a pipelined run()'s does.
class BulkBackend {
public:
    virtual ~BulkBackend() = default;
    // The row's next column. The bytes must stay until endRow().
    virtual void text(std::string_view bytes) = 0;
    // SQLite stores it as a BLOB (Stmt::bindBlob); PostgreSQL as text: both BYTEA.
    virtual void blob(std::string_view bytes) { text(bytes); }
    virtual void integer(std::int64_t value) = 0;
    virtual void null() = 0;
    // The row is complete (StoreError if it has not one value a column).
    virtual void endRow() = 0;
};

class Db {
public:
    virtual ~Db() = default;
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    virtual Dialect dialect() const = 0;
    // Trusted, parameter-free SQL only (the schema); several statements allowed.
    virtual void exec(const std::string& sql) = 0;
    virtual std::unique_ptr<StatementBackend> prepare(std::string_view sql, Fetch fetch) = 0;
    // Rows into table's columns (names from the code, never from input);
    // by default a prepared INSERT a row.
    virtual std::unique_ptr<BulkBackend> bulkInsert(std::string_view table, const std::vector<std::string_view>& columns);
    // One writer at a time, on both: SQLite's BEGIN IMMEDIATE, PostgreSQL's
    // transaction-level advisory lock (so a content-hash check and the
    // insert it decides on cannot race another importer).
    virtual void begin() = 0;
    virtual void commit() = 0;
    virtual void rollback() noexcept = 0;
    // The store as named in messages: the file, or the URI without its password.
    const std::string& name() const { return name_; }

protected:
    explicit Db(std::string name) : name_(std::move(name)) {}

private:
    std::string name_;
};

// Whether opening a store may create it: only `results-store import` does;
// every reader fails on a store that is not there.
enum class Access { CreateIfMissing, ExistingOnly };

// postgresql://... or postgres://... (also "postgresql:" alone, libpq's
// defaults and PG* variables): a PostgreSQL server; anything else: an SQLite
// file, by its path (SQLite's own ":memory:", "" and "file:" URI names are
// refused: a store must be a file that stays). StoreError names the store.
bool isPostgresLocation(const std::string& location);
std::unique_ptr<Db> openDb(const std::string& location, Access access);

class Stmt {
public:
    Stmt(Db& db, std::string_view sql, Fetch fetch = Fetch::All) : impl_(db.prepare(sql, fetch)) {}

    // Parameters are 1-based (?1 is the first `?`).
    Stmt& bind(int i, std::string_view text) { return impl_->bindText(i, text), *this; }
    Stmt& bind(int i, std::int64_t value) { return impl_->bindInteger(i, value), *this; }
    Stmt& bindBlob(int i, std::string_view bytes) { return impl_->bindBlob(i, bytes), *this; }
    // The bytes are not copied: they must outlive run() or step() (an
    // import's rows, bound and run in one statement).
    Stmt& bindInPlace(int i, std::string_view text) { return impl_->bindTextInPlace(i, text), *this; }
    Stmt& bindNull(int i) { return impl_->bindNull(i), *this; }
    // True while a row is ready; false when done. Throws StoreError.
    bool step() { return impl_->step(); }
    // A statement without rows (INSERT, UPDATE): see StatementBackend::run.
    void run() { impl_->run(); }
    void reset() { impl_->reset(); }  // ready for new bindings

    std::int64_t integer(int col) const { return impl_->integer(col); }
    std::string text(int col) const { return impl_->text(col); }  // a NULL reads as ""
    void textInto(int col, std::string& into) const { impl_->textInto(col, into); }
    bool isNull(int col) const { return impl_->isNull(col); }

private:
    std::unique_ptr<StatementBackend> impl_;
};

// Rows into one table (see BulkBackend): values in column order, then endRow().
class BulkInsert {
public:
    BulkInsert(Db& db, std::string_view table, std::initializer_list<std::string_view> columns)
        : impl_(db.bulkInsert(table, columns)) {}

    // The bytes are not copied: they must outlive endRow().
    BulkInsert& text(std::string_view bytes) { return impl_->text(bytes), *this; }
    BulkInsert& blob(std::string_view bytes) { return impl_->blob(bytes), *this; }
    BulkInsert& integer(std::int64_t value) { return impl_->integer(value), *this; }
    BulkInsert& null() { return impl_->null(), *this; }
    void endRow() { impl_->endRow(); }

private:
    std::unique_ptr<BulkBackend> impl_;
};

// Begins on construction; rolls back in the destructor unless commit() ran.
class Transaction {
public:
    explicit Transaction(Db& db) : db_(db) { db_.begin(); }
    ~Transaction() {
        if (!done_) db_.rollback();
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit() {
        db_.commit();
        done_ = true;
    }

private:
    Db& db_;
    bool done_ = false;
};

// A reader's queries in one transaction, ended (rolled back: it wrote
// nothing) when it goes: SQLite takes its shared lock and checks the file
// once instead of at every statement, PostgreSQL answers from one snapshot.
class ReadTransaction {
public:
    explicit ReadTransaction(Db& db) : db_(db) { db_.exec("BEGIN"); }
    ~ReadTransaction() { db_.rollback(); }
    ReadTransaction(const ReadTransaction&) = delete;
    ReadTransaction& operator=(const ReadTransaction&) = delete;

private:
    Db& db_;
};

}  // namespace mmtp::compare::store
