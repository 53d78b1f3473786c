#include "store/pg_db.hpp"

#include "store/libpq.hpp"
#include "store/pg_location.hpp"

#include <endian.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <vector>

namespace mmtp::compare::store {

namespace {

constexpr Oid kByteaOid = 17;
// A Fetch::InBatches cursor's rows a FETCH: about 1 MB of a history's rows in
// memory, reused batch after batch (its 100,000 rows in one result touched
// 26 MB: 6,600 of the client's 16,100 page faults), in 25 round trips.
constexpr int kBatchRows = 4096;
// pg_advisory_xact_lock(kLockClass, kLockObject): "mmtp", the store's writer.
constexpr int kLockClass = 0x6d6d7470, kLockObject = 1;

// libpq's messages end in a newline and may hold several lines.
std::string oneLine(const char* message) {
    std::string s = message ? message : "unknown error";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    for (char& c : s)
        if (c == '\n' || c == '\t') c = ' ';
    return s;
}

// Results come in binary format (resultFormat 1): a BYTEA is its bytes (a
// history reads a row of packed means a run; as hex it cost a fifth of the
// client's instructions), an integer big-endian. A store is untrusted: a
// column of any other type, or of a size its type does not have, is refused.
enum class ColumnKind { Bytes, Integer };

constexpr Oid kNameOid = 19, kInt8Oid = 20, kInt2Oid = 21, kInt4Oid = 23, kTextOid = 25, kVarcharOid = 1043;

// The type's kind and binary size (-1: variable), or false for a type no query of a store returns.
bool kindOf(Oid type, ColumnKind& kind, int& size) {
    switch (type) {
        case kByteaOid:
        case kTextOid:
        case kVarcharOid:
        case kNameOid: kind = ColumnKind::Bytes, size = -1; return true;
        case kInt2Oid: kind = ColumnKind::Integer, size = 2; return true;
        case kInt4Oid: kind = ColumnKind::Integer, size = 4; return true;
        case kInt8Oid: kind = ColumnKind::Integer, size = 8; return true;
        default: return false;
    }
}

// A binary integer of n (2, 4 or 8: checkedKind) bytes, big-endian.
std::int64_t bigEndian(const char* v, int n) {
    if (n == 8) {
        std::uint64_t u = 0;
        std::memcpy(&u, v, sizeof u);
        return static_cast<std::int64_t>(be64toh(u));
    }
    if (n == 4) {
        std::uint32_t u = 0;
        std::memcpy(&u, v, sizeof u);
        return static_cast<std::int32_t>(be32toh(u));
    }
    std::uint16_t u = 0;
    std::memcpy(&u, v, sizeof u);
    return static_cast<std::int16_t>(be16toh(u));
}

// A table's rows not yet sent, in COPY's binary format (bulkInsert): a row
// is its column count (int16), then each value's length (int32; -1 a NULL)
// and bytes: a BYTEA its bytes, a BIGINT 8 bytes, all big-endian.
struct CopyRows {
    std::string command;  // COPY table(columns) FROM STDIN (FORMAT binary)
    std::string data;
    std::size_t whole = 0;  // data's bytes of whole rows (a row being written is not sent)
};

// A COPY's batch: far more than a run's rows (a redis run's 510 are 50 kB),
// far less than memory.
constexpr std::size_t kCopyBatchBytes = std::size_t{1} << 20;

class PgStmt;

class PgDb : public Db {
public:
    explicit PgDb(PgLocation location) : Db(location.display), location_(std::move(location)) {
        conn_ = libpq().PQconnectdb(location_.conninfo.c_str());
        if (!conn_ || libpq().PQstatus(conn_) != CONNECTION_OK) {
            std::string msg = conn_ ? said(libpq().PQerrorMessage(conn_)) : "out of memory";
            libpq().PQfinish(conn_);
            conn_ = nullptr;
            throw StoreError("store " + name() + ": cannot connect: " + msg);
        }
        // Notices (and warnings) would reach our stderr unasked: dropped.
        libpq().PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
        // The lock wait as SQLite's busy timeout.
        exec("SET lock_timeout = '600s'; SET client_min_messages = 'error'");
    }
    ~PgDb() override { libpq().PQfinish(conn_); }

    // libpq's (or the server's) message on one line, without the password.
    std::string said(const char* message) const { return location_.redact(oneLine(message)); }

    [[noreturn]] void fail(const std::string& what) const {
        throw StoreError("store " + name() + ": " + what + ": " + said(libpq().PQerrorMessage(conn_)));
    }

    Dialect dialect() const override { return Dialect::Postgres; }

    void exec(const std::string& sql) override { execStatus(sql); }

    // Runs sql, returning its command status ("COMMIT", "ROLLBACK", ...).
    // Waiting bulk rows go first, in the same query.
    std::string execStatus(const std::string& sql) {
        yieldConnection();
        if (libpq().PQpipelineStatus(conn_) != PQ_PIPELINE_OFF) drainPipeline(false);
        return sendCopiesThen(sql);
    }

    std::unique_ptr<StatementBackend> prepare(std::string_view sql, Fetch fetch) override;
    std::unique_ptr<BulkBackend> bulkInsert(std::string_view table, const std::vector<std::string_view>& columns) override;

    void begin() override {
        exec("BEGIN; SELECT pg_advisory_xact_lock(" + std::to_string(kLockClass) + ", " + std::to_string(kLockObject) +
             ")");
    }
    void commit() override {
        // A transaction that failed answers COMMIT with ROLLBACK, not an error.
        if (std::string st = execStatus("COMMIT"); st != "COMMIT")
            throw StoreError("store " + name() + ": the transaction was rolled back, nothing stored");
    }
    void rollback() noexcept override {
        dropCopies();
        try {
            yieldConnection();
        } catch (const StoreError&) {
        }
        try {
            finishPipeline();
        } catch (const StoreError&) {  // an error of a pipelined statement: rolled back anyway
        }
        libpq().PQclear(libpq().PQexec(conn_, "ROLLBACK"));
    }

    PGconn* handle() { return conn_; }
    std::string nextCursorName() { return "mmtp_c" + std::to_string(++cursors_); }

    // A query text's statement on the server, kept for the session (the
    // session's end frees it; a DEALLOCATE each was a round trip more). A
    // query first goes unnamed, parsed with its execution: one round trip
    // where preparing first was two, and a report runs most queries once.
    // Its second execution prepares it. nullptr past kMaxStatements texts:
    // that text's queries always go unnamed.
    struct ServerStatement {
        std::string name;
        bool prepared = false;
        bool ranUnnamed = false;
    };
    ServerStatement* statementFor(const std::string& text) {
        if (auto it = statements_.find(text); it != statements_.end()) return &it->second;
        if (statements_.size() >= kMaxStatements) return nullptr;
        return &statements_.emplace(text, ServerStatement{nextStatementName(), false, false}).first->second;
    }
    // The name to execute text by (preparing it now, on its second
    // execution), or nullptr: send it unnamed.
    const char* statementToRun(ServerStatement* s, const std::string& text, int parameters) {
        if (!s) return nullptr;
        if (s->prepared) return s->name.c_str();
        if (!s->ranUnnamed) {
            s->ranUnnamed = true;
            return nullptr;
        }
        PGresult* res = libpq().PQprepare(conn_, s->name.c_str(), text.c_str(), parameters, nullptr);
        if (libpq().PQresultStatus(res) != PGRES_COMMAND_OK) {
            std::string msg = said(res ? libpq().PQresultErrorMessage(res) : libpq().PQerrorMessage(conn_));
            libpq().PQclear(res);
            throw StoreError("store " + name() + ": cannot prepare a query: " + msg);
        }
        libpq().PQclear(res);
        s->prepared = true;
        return s->name.c_str();
    }

    // Single-row mode lets one statement stream at a time: before another
    // uses the connection, the streaming one reads the rest of its rows.
    void takeConnection(PgStmt* stmt);
    void releaseConnection(PgStmt* stmt) {
        if (streaming_ == stmt) streaming_ = nullptr;
    }
    void yieldConnection() { takeConnection(nullptr); }

    // Statements without rows go out in a pipeline, unanswered: an import
    // is then not one round trip per row. Every kPipelineDepth of them, and
    // before anything else uses the connection, their answers are read (the
    // first error thrown). The depth keeps the answers far below what a
    // socket buffers, so neither side blocks on the other.
    // A statement's first run here queues its PREPARE ahead of it, in the
    // same flight; an uncached one goes unnamed.
    void sendPipelined(ServerStatement* s, const std::string& text, int n, const char* const* values,
                       const int* lengths, const int* formats) {
        yieldConnection();
        if (libpq().PQpipelineStatus(conn_) == PQ_PIPELINE_OFF && !libpq().PQenterPipelineMode(conn_)) fail("cannot pipeline");
        if (s && !s->prepared) {
            if (!libpq().PQsendPrepare(conn_, s->name.c_str(), text.c_str(), n, nullptr)) fail("cannot send a query");
            s->prepared = true;
            preparedInPipeline_.push_back(s);
            ++pipelined_;
        }
        const bool sent = s ? libpq().PQsendQueryPrepared(conn_, s->name.c_str(), n, values, lengths, formats, 0)
                            : libpq().PQsendQueryParams(conn_, text.c_str(), n, nullptr, values, lengths, formats, 0);
        if (!sent) fail("cannot send a query");
        if (++pipelined_ >= kPipelineDepth) drainPipeline(true);
    }
    void finishPipeline() {
        if (libpq().PQpipelineStatus(conn_) != PQ_PIPELINE_OFF) drainPipeline(false);
        sendCopiesThen("");
    }

    // A bulk insert's rows, sent by sendCopiesThen (finishPipeline: before the
    // next statement that waits for an answer), also when their BulkInsert has gone.
    std::shared_ptr<CopyRows> copyRows(std::string command) {
        copies_.push_back(std::make_shared<CopyRows>(CopyRows{std::move(command), {}}));
        return copies_.back();
    }

private:
    static constexpr int kPipelineDepth = 256;
    static constexpr std::size_t kMaxStatements = 256;

    std::string nextStatementName() { return "mmtp_s" + std::to_string(++statementNames_); }

    void drainPipeline(bool stayInPipeline) {
        std::string error;
        if (!libpq().PQpipelineSync(conn_)) error = said(libpq().PQerrorMessage(conn_));
        while (error.empty() || libpq().PQstatus(conn_) == CONNECTION_OK) {
            PGresult* r = libpq().PQgetResult(conn_);
            if (!r) {
                if (libpq().PQpipelineStatus(conn_) == PQ_PIPELINE_OFF || libpq().PQstatus(conn_) != CONNECTION_OK) break;
                continue;  // the end of one query's answer
            }
            ExecStatusType st = libpq().PQresultStatus(r);
            if (st == PGRES_FATAL_ERROR && error.empty()) error = said(libpq().PQresultErrorMessage(r));
            libpq().PQclear(r);
            if (st == PGRES_PIPELINE_SYNC) break;
        }
        if (error.empty() && libpq().PQstatus(conn_) != CONNECTION_OK) error = said(libpq().PQerrorMessage(conn_));
        pipelined_ = 0;
        // After an error the server skipped the rest of the pipeline, maybe
        // a PREPARE: those statements are prepared again, under new names.
        for (ServerStatement* s : preparedInPipeline_)
            if (!error.empty()) *s = ServerStatement{nextStatementName(), false, true};
        preparedInPipeline_.clear();
        if (!stayInPipeline || !error.empty()) libpq().PQexitPipelineMode(conn_);
        if (!error.empty()) throw StoreError("store " + name() + ": " + error);
    }

    // Every table's waiting rows as a COPY each, in one query with sql
    // after them (the statement that needed the connection, if any: a round
    // trip less than a query each); sql's command status. The first error
    // thrown: the transaction has failed, nothing of the import is stored.
    std::string sendCopiesThen(const std::string& sql) {
        std::vector<CopyRows*> sending;
        std::string query;
        for (const std::shared_ptr<CopyRows>& c : copies_)
            if (c->whole > 0) query += c->command + "; ", sending.push_back(c.get());
        std::erase_if(copies_, [](const std::shared_ptr<CopyRows>& c) { return c.use_count() == 1 && c->whole == 0; });
        if (sending.empty() && sql.empty()) return "";
        query += sql;
        if (!libpq().PQsendQuery(conn_, query.c_str())) fail("cannot send a query");
        std::string error, status;
        std::size_t copied = 0;
        while (PGresult* r = libpq().PQgetResult(conn_)) {
            const ExecStatusType st = libpq().PQresultStatus(r);
            if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) status = libpq().PQcmdStatus(r);
            else if (st != PGRES_COPY_IN && error.empty()) error = said(libpq().PQresultErrorMessage(r));
            libpq().PQclear(r);
            if (st == PGRES_COPY_IN) putCopy(copied < sending.size() ? sending[copied++] : nullptr, error);
        }
        for (CopyRows* c : sending) c->data.erase(0, c->whole), c->whole = 0;  // the buffer keeps its capacity
        if (error.empty() && libpq().PQstatus(conn_) != CONNECTION_OK) error = said(libpq().PQerrorMessage(conn_));
        if (!error.empty()) throw StoreError("store " + name() + ": " + error);
        return status;
    }
    // The server waits for a COPY's data: rows' whole rows (none: the COPY
    // refused), then its end; error gets what failed.
    void putCopy(const CopyRows* rows, std::string& error) {
        // The signature, no flags, no header extension; the rows; -1 fields: the end.
        static constexpr char kHeader[19] = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', '\377', '\r', '\n', '\0'};
        static constexpr char kTrailer[2] = {'\377', '\377'};
        const std::string_view data = rows ? std::string_view(rows->data).substr(0, rows->whole) : std::string_view();
        bool sent = rows && libpq().PQputCopyData(conn_, kHeader, sizeof kHeader) == 1;
        for (std::size_t at = 0; sent && at < data.size(); at += kCopyBatchBytes) {
            const std::size_t n = std::min(kCopyBatchBytes, data.size() - at);
            sent = libpq().PQputCopyData(conn_, data.data() + at, static_cast<int>(n)) == 1;
        }
        sent = sent && libpq().PQputCopyData(conn_, kTrailer, sizeof kTrailer) == 1;
        if (!sent && rows && error.empty()) error = said(libpq().PQerrorMessage(conn_));
        if (libpq().PQputCopyEnd(conn_, sent ? nullptr : "no rows to copy") != 1 && error.empty())
            error = said(libpq().PQerrorMessage(conn_));
    }
    // A failed transaction's rows go nowhere.
    void dropCopies() noexcept {
        for (const std::shared_ptr<CopyRows>& c : copies_) c->data.clear(), c->whole = 0;
    }

    PgLocation location_;
    std::vector<std::shared_ptr<CopyRows>> copies_;
    int pipelined_ = 0;
    PGconn* conn_ = nullptr;
    PgStmt* streaming_ = nullptr;
    long statementNames_ = 0, cursors_ = 0;
    std::map<std::string, ServerStatement> statements_;  // by query text
    std::vector<ServerStatement*> preparedInPipeline_;   // since the last drain
};

class PgStmt : public StatementBackend {
public:
    // Nothing goes to the server yet: the query is parsed with its first
    // execution (PgDb::ServerStatement).
    PgStmt(PgDb& db, std::string_view sql, Fetch fetch) : db_(db), fetch_(fetch) {
        int count = 0;
        text_ = numberedPlaceholders(sql, count);
        statement_ = db_.statementFor(text_);
        if (fetch_ == Fetch::InBatches) {
            cursor_ = db_.nextCursorName();
            declare_ = "DECLARE " + cursor_ + " NO SCROLL CURSOR FOR " + text_;
            fetchNext_ = "FETCH FORWARD " + std::to_string(kBatchRows) + " FROM " + cursor_;
        }
        values_.resize(static_cast<std::size_t>(count));
        isNull_.assign(values_.size(), true);
        formats_.assign(values_.size(), 1);
    }
    ~PgStmt() override {
        try {
            reset();
        } catch (const StoreError&) {
        }
    }

    // Text and blobs go as bytes (binary BYTEA); integers as decimal text,
    // which the server reads as whatever integer type the column has.
    void bindText(int i, std::string_view text) override { set(i, text, 1); }
    void bindBlob(int i, std::string_view bytes) override { set(i, bytes, 1); }
    void bindInteger(int i, std::int64_t value) override { set(i, std::to_string(value), 0); }
    void bindNull(int i) override { isNull_.at(slot(i)) = true; }

    bool step() override {
        if (row_ && ++rowIndex_ < libpq().PQntuples(row_)) return true;
        clearRow();
        if (state_ == State::Idle) start();
        if (inCursor_) return nextBatch();
        if (!buffered_.empty()) {
            row_ = buffered_.front();
            buffered_.pop_front();
            return true;
        }
        if (state_ == State::Running) {
            if (PGresult* r = nextRow()) {
                row_ = r;
                return true;
            }
        }
        if (!error_.empty()) {
            std::string e = std::move(error_);
            error_.clear();
            throw StoreError("store " + db_.name() + ": query failed: " + e);
        }
        return false;
    }

    void run() override {
        std::vector<const char*> ptrs;
        std::vector<int> lengths;
        parameters(ptrs, lengths);
        db_.sendPipelined(statement_, text_, static_cast<int>(values_.size()), ptrs.data(), lengths.data(),
                          formats_.data());
        isNull_.assign(values_.size(), true);
    }

    void reset() override {
        clearRow();
        closeCursor();
        for (PGresult* r : buffered_) libpq().PQclear(r);
        buffered_.clear();
        if (state_ == State::Running)
            while (PGresult* r = nextRow()) libpq().PQclear(r);
        state_ = State::Idle;
        error_.clear();
        isNull_.assign(values_.size(), true);
    }

    // The rest of the rows into memory: another statement needs the connection.
    void bufferRest() {
        while (state_ == State::Running)
            if (PGresult* r = nextRow()) buffered_.push_back(r);
    }

    // A NULL's length is 0, no integer's: a value of its type's size is no
    // NULL, read without asking (a history reads 3 integers a row, 100,000 rows).
    std::int64_t integer(int col) const override {
        if (!row_) return 0;
        const int n = pq_.PQgetlength(row_, rowIndex_, col);
        if (const ColumnType& t = columnType(col); t.kind == ColumnKind::Integer && n == t.size)
            return bigEndian(pq_.PQgetvalue(row_, rowIndex_, col), n);
        if (isNull(col)) return 0;
        const char* v = pq_.PQgetvalue(row_, rowIndex_, col);
        if (checkedKind(col, n) == ColumnKind::Integer) return bigEndian(v, n);
        return std::strtoll(std::string(v, static_cast<std::size_t>(n)).c_str(), nullptr, 10);
    }
    std::string text(int col) const override {
        std::string out;
        textInto(col, out);
        return out;
    }
    void textInto(int col, std::string& into) const override {
        into.clear();
        if (!row_) return;
        // Bytes: a NULL reads as its 0 bytes, "" (no need to ask whether it is one).
        if (columnType(col).kind == ColumnKind::Integer && isNull(col)) return;
        const char* v = pq_.PQgetvalue(row_, rowIndex_, col);
        const int n = pq_.PQgetlength(row_, rowIndex_, col);
        if (checkedKind(col, n) == ColumnKind::Integer) into = std::to_string(bigEndian(v, n));
        else into.assign(v, static_cast<std::size_t>(n));  // written in place: a history reads a row of means a run
    }
    bool isNull(int col) const override { return !row_ || pq_.PQgetisnull(row_, rowIndex_, col); }

private:
    enum class State { Idle, Running, Done };
    struct ColumnType {
        bool checked = false;
        ColumnKind kind = ColumnKind::Bytes;
        int size = -1;  // bytes, -1: variable
    };

    // The column's kind, once its type and size are known ones (checked
    // once a query: its rows share one description) and the value's length
    // (n) is the size; StoreError otherwise.
    ColumnKind checkedKind(int col, int n) const {
        const ColumnType& t = columnType(col);
        if (t.size > 0 && n != t.size)
            throw StoreError("store " + db_.name() + ": column " + std::to_string(col + 1) + " holds " + std::to_string(n) +
                             " bytes, not the " + std::to_string(t.size) + " of its type");
        return t.kind;
    }
    const ColumnType& columnType(int col) const {
        const auto c = static_cast<std::size_t>(col);
        if (col >= 0 && c < columns_.size() && columns_[c].checked) return columns_[c];
        if (col < 0) throw StoreError("store " + db_.name() + ": no column " + std::to_string(col));
        if (c >= columns_.size()) columns_.resize(c + 1);
        return columns_[c] = checkedType(col);
    }
    ColumnType checkedType(int col) const {
        ColumnType t;
        const Oid type = pq_.PQftype(row_, col);
        if (!kindOf(type, t.kind, t.size))
            throw StoreError("store " + db_.name() + ": column " + std::to_string(col + 1) + " has type OID " +
                             std::to_string(type) + ", not one a store holds");
        if (t.size > 0 && pq_.PQfsize(row_, col) != t.size)
            throw StoreError("store " + db_.name() + ": column " + std::to_string(col + 1) + " has " +
                             std::to_string(pq_.PQfsize(row_, col)) + "-byte values, not the " + std::to_string(t.size) +
                             " of its type");
        t.checked = true;
        return t;
    }

    std::size_t slot(int i) const {
        if (i < 1 || static_cast<std::size_t>(i) > values_.size())
            throw StoreError("store " + db_.name() + ": parameter " + std::to_string(i) + " is not in the query");
        return static_cast<std::size_t>(i - 1);
    }
    void set(int i, std::string_view value, int format) {
        std::size_t s = slot(i);
        values_[s].assign(value.data(), value.size());
        formats_[s] = format;
        isNull_[s] = false;
    }

    void parameters(std::vector<const char*>& ptrs, std::vector<int>& lengths) const {
        ptrs.resize(values_.size());
        lengths.resize(values_.size());
        for (std::size_t i = 0; i < values_.size(); ++i) {
            ptrs[i] = isNull_[i] ? nullptr : values_[i].c_str();
            lengths[i] = static_cast<int>(values_[i].size());
        }
    }

    void start() {
        if (!declare_.empty() && startCursor()) return;
        db_.takeConnection(this);
        std::vector<const char*> ptrs;
        std::vector<int> lengths;
        parameters(ptrs, lengths);
        const int n = static_cast<int>(values_.size());
        const char* named = db_.statementToRun(statement_, text_, n);
        const int sent = named ? pq_.PQsendQueryPrepared(db_.handle(), named, n, ptrs.data(), lengths.data(),
                                                         formats_.data(), 1)  // binary results
                               : pq_.PQsendQueryParams(db_.handle(), text_.c_str(), n, nullptr, ptrs.data(),
                                                       lengths.data(), formats_.data(), 1);
        if (!sent) db_.fail("cannot send a query");
        if (fetch_ == Fetch::OneByOne) libpq().PQsetSingleRowMode(db_.handle());
        columns_.clear();  // checked again: the table may have changed since
        state_ = State::Running;
    }

    // The next row, or nullptr at the end (an error is kept for step()).
    PGresult* nextRow() {
        PGresult* r = libpq().PQgetResult(db_.handle());
        if (r && (libpq().PQresultStatus(r) == PGRES_SINGLE_TUPLE || (libpq().PQresultStatus(r) == PGRES_TUPLES_OK && libpq().PQntuples(r) > 0)))
            return r;
        if (r && libpq().PQresultStatus(r) != PGRES_TUPLES_OK && libpq().PQresultStatus(r) != PGRES_COMMAND_OK)
            error_ = db_.said(libpq().PQresultErrorMessage(r));
        else if (!r && error_.empty() && libpq().PQstatus(db_.handle()) != CONNECTION_OK)
            error_ = db_.said(libpq().PQerrorMessage(db_.handle()));
        libpq().PQclear(r);
        while (PGresult* rest = libpq().PQgetResult(db_.handle())) libpq().PQclear(rest);
        state_ = State::Done;
        db_.releaseConnection(this);
        return nullptr;
    }

    // Fetch::InBatches inside a transaction: the query as a cursor, read by
    // nextBatch(); false outside one (a cursor lives in a transaction), the
    // query then runs as Fetch::All.
    bool startCursor() {
        db_.yieldConnection();
        db_.finishPipeline();
        if (pq_.PQtransactionStatus(db_.handle()) != PQTRANS_INTRANS) return false;
        std::vector<const char*> ptrs;
        std::vector<int> lengths;
        parameters(ptrs, lengths);
        PGresult* r = pq_.PQexecParams(db_.handle(), declare_.c_str(), static_cast<int>(values_.size()), nullptr,
                                       ptrs.data(), lengths.data(), formats_.data(), 1);
        const bool declared = pq_.PQresultStatus(r) == PGRES_COMMAND_OK;
        if (!declared) error_ = db_.said(r ? pq_.PQresultErrorMessage(r) : pq_.PQerrorMessage(db_.handle()));
        pq_.PQclear(r);
        columns_.clear();  // checked again: the table may have changed since
        state_ = declared ? State::Running : State::Done;
        inCursor_ = declared;
        return true;
    }

    // The cursor's next batch as row_ (true), or its end: closed, and the
    // error of a failed DECLARE or FETCH thrown.
    bool nextBatch() {
        if (state_ == State::Running) {
            db_.yieldConnection();
            db_.finishPipeline();
            PGresult* r = pq_.PQexecParams(db_.handle(), fetchNext_.c_str(), 0, nullptr, nullptr, nullptr, nullptr,
                                           1);  // binary results
            const int rows = pq_.PQresultStatus(r) == PGRES_TUPLES_OK ? pq_.PQntuples(r) : -1;
            if (rows < 0) error_ = db_.said(r ? pq_.PQresultErrorMessage(r) : pq_.PQerrorMessage(db_.handle()));
            if (rows < kBatchRows) state_ = State::Done;  // the last batch
            if (rows > 0) {
                row_ = r;
                return true;
            }
            pq_.PQclear(r);
        }
        closeCursor();
        if (!error_.empty()) {
            std::string e = std::move(error_);
            error_.clear();
            throw StoreError("store " + db_.name() + ": query failed: " + e);
        }
        return false;
    }

    // A failed statement's transaction refuses CLOSE too: its end closes the cursor then.
    void closeCursor() {
        if (!inCursor_) return;
        inCursor_ = false;
        state_ = State::Done;
        try {
            db_.yieldConnection();
            db_.finishPipeline();
        } catch (const StoreError&) {  // another statement's error: its own caller sees it
            return;
        }
        pq_.PQclear(pq_.PQexec(db_.handle(), ("CLOSE " + cursor_).c_str()));
    }

    void clearRow() {
        libpq().PQclear(row_);
        row_ = nullptr;
        rowIndex_ = 0;
    }

    const Libpq& pq_ = libpq();  // once: libpq() tests its guard at every call (a row's values read it 7 times)
    PgDb& db_;
    Fetch fetch_;
    std::string text_;                               // the query, $n placeholders
    PgDb::ServerStatement* statement_ = nullptr;     // nullptr: always sent unnamed
    std::string cursor_;                             // Fetch::InBatches: the cursor's name
    std::vector<std::string> values_;
    std::vector<int> formats_;
    std::vector<bool> isNull_;
    State state_ = State::Idle;
    std::string declare_, fetchNext_;  // Fetch::InBatches: "DECLARE name CURSOR FOR query", "FETCH ..."
    bool inCursor_ = false;  // the cursor is open (closed when read to its end or reset)
    PGresult* row_ = nullptr;  // one row (Fetch::OneByOne) or all of them
    int rowIndex_ = 0;
    std::deque<PGresult*> buffered_;
    std::string error_;
    mutable std::vector<ColumnType> columns_;  // this query's, as checked
};

void PgDb::takeConnection(PgStmt* stmt) {
    if (streaming_ && streaming_ != stmt) streaming_->bufferRest();
    streaming_ = stmt;
    if (stmt) finishPipeline();
}

std::unique_ptr<StatementBackend> PgDb::prepare(std::string_view sql, Fetch fetch) {
    return std::make_unique<PgStmt>(*this, sql, fetch);
}

// BulkBackend as COPY FROM STDIN: each row appended to the table's
// CopyRows, sent by PgDb::sendCopiesThen (no round trip a row, no result a row
// to read: the client's CPU an import went to those).
class PgBulk : public BulkBackend {
public:
    PgBulk(PgDb& db, std::string_view table, const std::vector<std::string_view>& columns)
        : db_(db), columns_(static_cast<int>(columns.size())) {
        std::string names;
        for (std::string_view c : columns) names += (names.empty() ? "" : ", ") + std::string(c);
        rows_ = db_.copyRows("COPY " + std::string(table) + "(" + names + ") FROM STDIN (FORMAT binary)");
    }

    void text(std::string_view bytes) override {
        field(static_cast<std::uint32_t>(bytes.size()));
        rows_->data.append(bytes.data(), bytes.size());
    }
    void integer(std::int64_t value) override {  // a BIGINT column: every integer of a store is one
        field(8);
        const std::uint64_t big = htobe64(static_cast<std::uint64_t>(value));
        rows_->data.append(reinterpret_cast<const char*>(&big), sizeof big);  // NOLINT: its bytes
    }
    void null() override { field(0xffffffffU); }  // length -1
    void endRow() override {
        if (given_ != columns_)
            throw StoreError("store " + db_.name() + ": a bulk row of " + std::to_string(given_) + " values for " +
                             std::to_string(columns_) + " columns");
        given_ = 0;
        rows_->whole = rows_->data.size();
        if (rows_->whole < kCopyBatchBytes) return;
        db_.yieldConnection();
        db_.finishPipeline();  // sends the batch
    }

private:
    // A value's length (a row's column count before its first).
    void field(std::uint32_t length) {
        if (given_ == columns_) throw StoreError("store " + db_.name() + ": a bulk row of more values than its columns");
        if (given_++ == 0) {
            const std::uint16_t count = htobe16(static_cast<std::uint16_t>(columns_));
            rows_->data.append(reinterpret_cast<const char*>(&count), sizeof count);  // NOLINT: its bytes
        }
        const std::uint32_t big = htobe32(length);
        rows_->data.append(reinterpret_cast<const char*>(&big), sizeof big);  // NOLINT: its bytes
    }

    PgDb& db_;
    int columns_, given_ = 0;
    std::shared_ptr<CopyRows> rows_;
};

std::unique_ptr<BulkBackend> PgDb::bulkInsert(std::string_view table, const std::vector<std::string_view>& columns) {
    return std::make_unique<PgBulk>(*this, table, columns);
}

}  // namespace

std::string numberedPlaceholders(std::string_view sql, int& count) {
    std::string out;
    bool quoted = false;
    count = 0;
    for (char c : sql) {
        if (c == '\'') quoted = !quoted;
        if (c == '?' && !quoted) out += "$" + std::to_string(++count);
        else out += c;
    }
    return out;
}

std::unique_ptr<Db> openPostgres(const std::string& location) {
    return std::make_unique<PgDb>(parsePgLocation(location));
}

}  // namespace mmtp::compare::store
