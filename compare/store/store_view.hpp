// store_view.hpp - `compare-mmtests/compare-kernels --store DB --machine M`:
// the stored runs they name are written back as a work/log tree in a private
// temporary directory, and the program then runs on that tree exactly as on
// the tree the runs came from (same input layer, same parsers, same bytes).
// Runs of several machines side by side are labelled MACHINE:RUN.
#pragma once
#include "store/tree_export.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare::store {

struct StoreView {
    std::unique_ptr<PrivateTempDir> tree;
    std::vector<std::string> args;  // argv[0] first, ready for the program
    std::vector<const char*> argv() const;
};

enum class Program { CompareMmtests, CompareKernels };

// nullopt when argv has no --store (the program reads its tree as usual).
// --machine takes one name or a comma list. compare-mmtests: -n entries are
// RUN (of --machine, or of the one machine that has it) or MACHINE:RUN, and
// only they are exported; compare-kernels: every run of the machines is.
// Throws mmtp::UsageError for a bad combination (-d/-C with --store, an
// unknown machine, a run on several machines without --machine).
std::optional<StoreView> storeView(int argc, const char* const argv[], Program program);

// The lines --help adds about --store.
const char* storeHelp();

}  // namespace mmtp::compare::store
