// load_runs.hpp - from a work/log tree (or a --from-json file) to summarised
// runs, exactly as compare-mmtests.pl loads its extract modules. Shared by
// compare-mmtests and compare-kernels.
#pragma once
#include "stats/summary.hpp"
#include "store/stored_rows.hpp"

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct LoadRequest {
    std::filesystem::path directory;           // the work/log tree (-d)
    std::string benchmark;                     // -b
    std::vector<std::string> names;            // -n, baseline first
    std::string altReport;                     // -a
    std::optional<std::string> subHeading;     // --sub-heading
    std::optional<std::string> monitor;        // --print-monitor NAME
    bool ratioSummary = false;                 // summarise for --print-ratio
    std::optional<std::filesystem::path> mmtestsDir;
    bool verbose = false;
};

// Warnings (malformed lines, runs without results, dropped runs) go to err.
// An invalid --sub-heading regex is an mmtp::UsageError.
std::vector<RunSummary> loadRunsFromTree(const LoadRequest& request, std::ostream& err);
// The runs of request.names from their stored rows (store/stored_rows.hpp),
// one StoredRunRows a name in order, as loadRunsFromTree loads them from
// the tree the store would write back.
std::vector<RunSummary> loadRunsFromStoredRows(const LoadRequest& request, std::vector<store::StoredRunRows> stored,
                                               std::ostream& err);
std::vector<RunSummary> loadRunsFromJson(const std::filesystem::path& file, const LoadRequest& request,
                                         std::ostream& err);

}  // namespace mmtp::compare
