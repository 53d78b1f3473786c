// memory_tree.hpp - the stored runs a --store report names, as the tree the
// export would write (tree_export.hpp) but held in memory: a RunSnapshot
// (input/run_snapshot.hpp) the input layer answers from while it is in
// force. A report whose reads all go through the input layer (a native
// parser's table: store_view.hpp's rowsOf) then writes no tree and forks no
// watcher. Its root is below /dev/null, where no directory can be: a read
// the snapshot does not answer finds nothing, never somebody's file.
#pragma once
#include "input/run_snapshot.hpp"
#include "store/tree_export.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare::store {

struct MemoryTree {
    std::unique_ptr<RunSnapshot> snapshot;
    std::filesystem::path logDir;  // the work/log directory of the runs, in the snapshot only
};

// At most this many files a report: the snapshot's walks (findInRun) stop
// far above it, and the disk is asked instead.
inline constexpr std::size_t kMaxMemoryTreeFiles = 10000;

// runs under their labels (one path component each), or nullopt when they
// do not fit (RunSnapshot::kMaxKeptBytes, kMaxMemoryTreeFiles) or the export
// would refuse them or fail: the report then writes the tree to disk, and
// the export says why.
std::optional<MemoryTree> memoryTree(Db& db, const std::vector<StoredRun>& runs, const std::vector<std::string>& labels);

}  // namespace mmtp::compare::store
