#include "store/db.hpp"

#include "store/pg_db.hpp"
#include "store/sqlite_db.hpp"

namespace mmtp::compare::store {

namespace {

// BulkBackend as one prepared INSERT, run a row (SQLite's: a row is a
// function call there, no message).
class InsertEachRow : public BulkBackend {
public:
    InsertEachRow(Db& db, std::string_view table, const std::vector<std::string_view>& columns)
        : insert_(db, insertSql(table, columns)), columns_(static_cast<int>(columns.size())), store_(db.name()) {}

    void text(std::string_view bytes) override { insert_.bindInPlace(next(), bytes); }
    void blob(std::string_view bytes) override { insert_.bindBlob(next(), bytes); }
    void integer(std::int64_t value) override { insert_.bind(next(), value); }
    void null() override { insert_.bindNull(next()); }
    void endRow() override {
        if (bound_ != columns_) throw StoreError("store " + store_ + ": a bulk row of " + std::to_string(bound_) +
                                                 " values for " + std::to_string(columns_) + " columns");
        bound_ = 0;
        insert_.run();
    }

private:
    static std::string insertSql(std::string_view table, const std::vector<std::string_view>& columns) {
        std::string names, marks;
        for (std::string_view c : columns) {
            names += (names.empty() ? "" : ", ") + std::string(c);
            marks += marks.empty() ? "?" : ", ?";
        }
        return "INSERT INTO " + std::string(table) + "(" + names + ") VALUES(" + marks + ")";
    }
    int next() {
        if (bound_ == columns_) throw StoreError("store " + store_ + ": a bulk row of more values than its columns");
        return ++bound_;
    }

    Stmt insert_;
    int columns_, bound_ = 0;
    std::string store_;
};

}  // namespace

std::unique_ptr<BulkBackend> Db::bulkInsert(std::string_view table, const std::vector<std::string_view>& columns) {
    return std::make_unique<InsertEachRow>(*this, table, columns);
}

bool isPostgresLocation(const std::string& location) {
    return location.rfind("postgresql:", 0) == 0 || location.rfind("postgres:", 0) == 0;
}

std::unique_ptr<Db> openDb(const std::string& location, Access access) {
    if (location.empty()) throw StoreError("--store '': no store named (an SQLite file or a postgresql:// URI)");
    return isPostgresLocation(location) ? openPostgres(location) : openSqlite(location, access);
}

}  // namespace mmtp::compare::store
