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
    std::optional<std::filesystem::path> mmtestsDir;  // for benchmarks parsed through a checkout
};

struct ImportLimits {
    std::size_t filesPerRun = 200000;
    std::size_t bytesPerRun = std::size_t{8} << 30;
    int depth = 16;  // directory levels below a run
};

struct ImportSummary {
    std::size_t runsAdded = 0, runsUnchanged = 0, files = 0, rows = 0;
    Warnings warnings;  // what was left out, one line each
};

// Throws StoreError (nothing stored) when a run of the same machine and name
// is already stored with other content, or the store fails; InputError-like
// std::runtime_error when the tree has no run.
ImportSummary importTree(Db& db, const ImportRequest& request, const ImportLimits& limits = {});

// Run directories of a tree: real directories (not links) holding an iter-* directory.
std::vector<std::string> runDirectories(const std::filesystem::path& tree);

}  // namespace mmtp::compare::store
