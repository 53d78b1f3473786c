// tree_import.hpp - a work/log tree into the store, read with compare's own
// bounded readers: each run's files (content-addressed, so the store can give
// the tree back byte for byte), every parse-results row per iteration, run
// validity per benchmark, the machine state and the kernel command line.
// All of one tree in one transaction: a failure half-way stores nothing.
#pragma once
#include "core/warnings.hpp"
#include "store/db.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace mmtp::compare::store {

struct ImportRequest {
    std::filesystem::path tree;  // the work/log directory
    std::string machine;
    bool replace = false;  // a run stored under its name with other content is replaced, not refused
    std::optional<std::filesystem::path> mmtestsDir;  // for benchmarks parsed through a checkout
};

struct ImportLimits {
    std::size_t filesPerRun = 200000;
    std::size_t bytesPerRun = std::size_t{8} << 30;
    int depth = 16;  // directory levels below a run
};

struct ImportSummary {
    std::size_t runsAdded = 0, runsUnchanged = 0, files = 0, rows = 0;
    std::size_t runsUnfinished = 0;  // still being written: left out until finished
    std::size_t runsRefused = 0;     // stored with other content, or past a run bound: left out
    std::size_t runsReplaced = 0;    // stored with other content, replaced (--replace)
    Warnings warnings;  // what was left out, one line each
};

// Each run on its own: a run still being written (runUnfinished), one
// already stored under its name with other content, or one past a run bound
// is left out with a warning and counted, and the others are stored. A file
// that cannot be read (past the read limits) is left out with a warning.
// All of it in one transaction: StoreError when the store fails (nothing
// stored); InputError when the tree has no run.
ImportSummary importTree(Db& db, const ImportRequest& request, const ImportLimits& limits = {});

// Why a --machine name cannot be stored ("" when it can): names are 1 to
// kMaxMachineNameBytes bytes of printable ASCII ('!' to '~', no space),
// without ':' (MACHINE:RUN), ',' (a list) or '/'.
inline constexpr std::size_t kMaxMachineNameBytes = 255;
std::string machineNameProblem(const std::string& machine);

// Run directories of a tree: real directories (not links) holding an iter-* directory.
std::vector<std::string> runDirectories(const std::filesystem::path& tree);

}  // namespace mmtp::compare::store
