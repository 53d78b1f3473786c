// store_view.hpp - the stored runs a report names (compare-mmtests and
// compare-kernels --store DB --machine M, report/store_runs.hpp) written back
// as a work/log tree in a private temporary directory: the program then runs
// on that tree exactly as on the tree the runs came from (same input layer,
// same parsers, same bytes). Runs of several machines side by side are
// labelled MACHINE:RUN. The command line is the programs' own.
#pragma once
#include "input/run_snapshot.hpp"
#include "store/stored_rows.hpp"
#include "store/tree_export.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare::store {

struct StoreRequest {
    std::string store;                    // --store DB
    std::optional<std::string> machines;  // --machine: one name or a comma list; none: every machine
    std::optional<std::string> names;     // compare-mmtests' -n list; none: every run of the machines
    // compare-mmtests' -b when its table may come from the stored rows
    // (a native parser's main report, no monitor): stored_rows.hpp.
    std::optional<std::string> rowsOf;
};

struct StoreView {
    std::unique_ptr<PrivateTempDir> tree;
    std::filesystem::path logDir;      // the work/log tree of the runs (none when rows are set)
    std::optional<std::string> names;  // the -n list naming the runs in it (when names were given)
    // Instead of a tree: each named run's rows of rowsOf, in the -n order.
    std::optional<std::vector<StoredRunRows>> rows;
    // Or the tree in memory (memory_tree.hpp), logDir in it: read while it
    // is in force (SnapshotInForce).
    std::unique_ptr<RunSnapshot> memory;
};

// -n entries are RUN (of --machine, or of the one machine that has it) or
// MACHINE:RUN, and only they are exported (a name the store lacks stays as
// given); without names every run of the machines is. Throws
// mmtp::UsageError for an unknown machine or a run on several machines
// without --machine, mmtp::Error when the store cannot be opened. With
// rowsOf and names, the runs' stored rows when they can stand for the tree
// (each name a distinct stored run; storedReportRows), and no tree; else,
// with rowsOf, the tree in memory when it fits (memoryTree).
StoreView storeView(const StoreRequest& request);

}  // namespace mmtp::compare::store
