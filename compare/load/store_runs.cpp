#include "load/store_runs.hpp"

#include "base/errors.hpp"

namespace po = boost::program_options;

namespace mmtp::compare {

void addStoreOptions(po::options_description& desc, StoreOptions& options) {
    desc.add_options()
        ("store", po::value<std::string>()->value_name("DB")->notifier([&options](const std::string& v) {
             options.store = v;
         }), "read the runs from the results store DB (build/bin/results-store; docs/results-store.md) instead of a tree")
        ("machine", po::value<std::string>()->value_name("M[,M2...]")->notifier([&options](const std::string& v) {
             options.machines = v;
         }), "with --store: the machine(s) whose runs are meant; with several, runs are labelled MACHINE:RUN (and may "
             "be named so in the run list)");
}

std::optional<store::StoreView> openStoreRuns(const StoreOptions& options, const std::optional<std::string>& names,
                                              const std::optional<std::string>& rowsOf) {
    if (!options.store) {
        if (options.machines) throw UsageError("--machine needs --store");
        return std::nullopt;
    }
    return store::storeView({*options.store, options.machines, names, rowsOf});
}

}  // namespace mmtp::compare
