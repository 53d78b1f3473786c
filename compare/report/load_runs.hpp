// load_runs.hpp - from a work/log tree (or a --from-json file) to summarised
// runs, exactly as compare-mmtests.pl loads its extract modules. Shared by
// compare-mmtests and compare-kernels.
#pragma once
#include "stats/summary.hpp"

#include <boost/program_options.hpp>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <stdexcept>
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

// Bad command-line input (reported with exit status 2).
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Parses argv against desc; Boost's errors become UsageError.
boost::program_options::variables_map parseCommandLine(int argc, const char* const argv[],
                                                       const boost::program_options::options_description& desc);

// Warnings (malformed lines, runs without results, dropped runs) go to err.
std::vector<RunSummary> loadRunsFromTree(const LoadRequest& request, std::ostream& err);
std::vector<RunSummary> loadRunsFromJson(const std::filesystem::path& file, const LoadRequest& request,
                                         std::ostream& err);

// "a,b,,c," -> {a, b, "", c} (Perl's split /,/).
std::vector<std::string> splitRunNames(const std::string& list);

// The MMTests checkout to fall back on: the option, else $MMTESTS_DIR.
std::optional<std::filesystem::path> mmtestsDirOrEnv(const std::optional<std::string>& option);

}  // namespace mmtp::compare
