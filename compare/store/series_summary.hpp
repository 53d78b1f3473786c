// series_summary.hpp - what a history shows of one run's operation, kept in
// the store's series table beside the rows it comes from (built at import,
// or by the migration for an older store): a history over 100,000 runs
// reads one short row per run from one range of the table's key (operation,
// machine, start, run) instead of every parse-results row of every run.
//
// The row holds the run's iteration means, each the mean of the iteration's
// numbers as compare's Extraction keeps them (a row counts when its sample
// and its value are numbers), taken in the order the rows sort in the store
// (sample, then value, bytewise), so a history prints the same bytes it did
// from the rows. Packed (schema 6; a history over 100,000 runs spent a fifth
// of its CPU reading schema 5's text back into doubles): a format byte
// (kPackedMeansFormat), then per iteration its number (8 bytes), a byte 1
// and the mean's 8 bytes (IEEE double), or a byte 0 for an iteration
// without a number (kept, so that a history still bounds its number); all
// little-endian, whatever the host. A store is untrusted: decoding refuses
// anything else.
#pragma once
#include "store/db.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare::store {

struct IterationMean {
    std::int64_t iteration = 0;
    std::optional<double> mean;  // nullopt: no number in the iteration
};

inline constexpr char kPackedMeansFormat = '\x01';  // no schema 5 text starts so

std::string encodeMeans(const std::vector<IterationMean>& iterations);
// False when bytes are not what encodeMeans writes (iterations must rise);
// into is reused (a history decodes one run after another).
bool decodeMeans(std::string_view bytes, std::vector<IterationMean>& into);

// Where a run's series rows go, and what a history prints of the run.
struct SeriesRunKey {
    std::int64_t runId = 0, machineId = 0, startEpoch = 0;
    std::string name;                      // the run's own name (a superseded run's replaced_name)
    std::optional<std::int64_t> replaced;  // when import --replace superseded it
    std::optional<std::string> settings;   // the benchmark's workload settings
};

// One run's rows of one benchmark, collected while they are stored; write()
// then queues a series row per operation, and flush() stores the queued rows
// in the table's key order (operation, machine, start, run): stored run by
// run, each run's hundred rows went to a hundred places of the table's
// b-tree, a seventh of an import's CPU.
class SeriesCollector {
public:
    void add(const std::string& label, std::int64_t iteration, std::string_view sample, std::string_view value);
    // The run's series rows queued (stored through insert, seriesInsert(),
    // once kMaxQueued wait); clears the collector.
    void write(BulkInsert& insert, const std::string& benchmark, const SeriesRunKey& run);
    // Every queued row stored: before the transaction commits.
    void flush(BulkInsert& insert);
    void clear() { byLabel_.clear(); }

private:
    struct Row {
        std::int64_t iteration;
        std::string sample, value;
    };
    struct Queued {
        std::string benchmark, label;
        const SeriesRunKey* run;  // in runs_
        std::string means;
    };
    static constexpr std::size_t kMaxQueued = 1 << 16;  // about 10 MB
    std::map<std::string, std::vector<Row>> byLabel_;
    std::vector<Queued> queued_;
    std::vector<std::unique_ptr<SeriesRunKey>> runs_;  // the queued rows' runs
};

// Where SeriesCollector stores its rows (PostgreSQL: by COPY), and the
// same row one at a time.
inline BulkInsert seriesInsert(Db& db) {
    return BulkInsert(db, "series",
                      {"benchmark", "label", "machine_id", "start_epoch", "run_id", "run_name", "replaced_epoch",
                       "settings", "means"});
}
inline constexpr const char* kInsertSeriesSql =
    "INSERT INTO series(benchmark, label, machine_id, start_epoch, run_id, run_name, replaced_epoch, settings, means) "
    "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)";

// PostgreSQL reads a history from an index only when it holds every column
// the query reads (and VACUUM has marked the pages visible): a row whose
// text fits a btree entry (2,704 bytes at most; 2,000 kept) is in
// series_narrow, the others, rare, in series_wide; a history reads both,
// each by its predicate.
#define MMTP_SERIES_NARROW "octet_length(run_name) + coalesce(octet_length(settings), 0) + octet_length(means) < 2000"
inline constexpr const char* kSeriesNarrow = MMTP_SERIES_NARROW;
inline constexpr const char* kPostgresSeriesIndexes =
    "CREATE INDEX series_narrow ON series(benchmark, label, machine_id, start_epoch, run_id) "
    "INCLUDE (run_name, replaced_epoch, settings, means) WHERE " MMTP_SERIES_NARROW "; "
    "CREATE INDEX series_wide ON series(benchmark, label, machine_id, start_epoch, run_id) "
    "WHERE NOT (" MMTP_SERIES_NARROW ")";
#undef MMTP_SERIES_NARROW

// Fills the series table from the stored rows (the migration to schema 5).
void buildSeriesFromRows(Db& db);
// Schema 5's text means ("ITER:MEAN;...", MEAN empty for an iteration
// without a number) packed in place (the migration to schema 6); a value
// that is not such text is left as it is, and a history refuses it.
void packTextMeans(Db& db);

}  // namespace mmtp::compare::store
