// store_runs.hpp - `--store DB [--machine M[,M2...]]`, an option of
// compare-mmtests and compare-kernels beside -d/-C and --from-json: the
// runs are read from a results store (store/store_view.hpp writes them back
// as a private work/log tree, which the program then reads as any tree).
#pragma once
#include "store/store_view.hpp"

#include <boost/program_options.hpp>
#include <optional>
#include <string>

namespace mmtp::compare {

struct StoreOptions {
    std::optional<std::string> store;     // --store DB
    std::optional<std::string> machines;  // --machine M[,M2...]
};

// Adds --store and --machine to desc, filling options.
void addStoreOptions(boost::program_options::options_description& desc, StoreOptions& options);

// The stored runs as a tree, or nullopt without --store. Throws
// mmtp::UsageError for --machine without --store. names: compare-mmtests'
// -n list (the view's names relabel it), nullopt for every run.
// rowsOf: compare-mmtests' -b when its table may come from the stored rows
// (StoreRequest::rowsOf).
std::optional<store::StoreView> openStoreRuns(const StoreOptions& options, const std::optional<std::string>& names,
                                              const std::optional<std::string>& rowsOf = std::nullopt);

}  // namespace mmtp::compare
