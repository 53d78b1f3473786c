// stored_rows.hpp - a --store report from the rows import stored, without
// writing the runs back as a tree: what compare-mmtests' table reads of a
// run's tree (each iter-* entry's parse rows, boot id and the run's validity)
// taken from the store, when the store can prove it is the same as what
// reading the exported tree would give. Otherwise nullopt, and the report
// reads the exported tree as before (store_view.hpp), decided per report.
//
// Import marks a run's benchmark (run_benchmarks.rows_source) only when its
// stored files are the run's whole tree (no link, FIFO, unreadable or
// refused file, no empty directory: the export makes the same tree), its
// parser is native, every iteration's parse gave no warning and no error,
// and the rows are one range of results' rowids (SQLite). The mark is the
// hash of the sources that parse and check a run (storedRowsSource(), made
// by the Makefile): rows stored by other parsers are parsed again from the
// files, as before.
#pragma once
#include "core/rows.hpp"
#include "store/tree_export.hpp"

#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare::store {

// The hash of the parsing sources this program was built from.
const char* storedRowsSource();

// One run of a report, as its tree would have given it.
struct StoredRunRows {
    std::vector<Rows> iterations;         // each iter-* entry's rows, in glob order
    std::vector<std::string> boots;       // each iter-* entry's boot id ("" when none)
    std::string problem, reason;          // its validity for the benchmark (input/run_validity.hpp)
};

// The rows of bench for each run (labels: the names the report shows them
// by, each the run's own name), or nullopt when any of them must be read
// from the exported tree. Bounded: a run's rows are those import counted.
std::optional<std::vector<StoredRunRows>> storedReportRows(Db& db, const std::vector<StoredRun>& runs,
                                                           const std::vector<std::string>& labels,
                                                           const std::string& bench);

}  // namespace mmtp::compare::store
