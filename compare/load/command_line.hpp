// command_line.hpp - what the command lines of compare-mmtests and
// compare-kernels share: Boost's option errors as mmtp::UsageError, run-name
// lists, and where the MMTests checkout is.
#pragma once
#include <boost/program_options.hpp>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// Runs a compare program's body. compare's failures are std::runtime_errors
// whose message already names the file or option: they are rethrown as
// mmtp::Error (exit 1), so base's runReportingErrors prints them as they are
// rather than as unexpected exceptions.
int withFailuresAsErrors(const std::function<int()>& body);

// Parses argv against desc; Boost's errors become mmtp::UsageError (exit 2).
boost::program_options::variables_map parseCommandLine(int argc, const char* const argv[],
                                                       const boost::program_options::options_description& desc);

// "a,b,,c," -> {a, b, "", c} (Perl's split /,/).
std::vector<std::string> splitRunNames(const std::string& list);

// The directories a tree's files may be read in (bounded_read.hpp's
// TreeBoundary): the tree and the MMTests checkout; none (no check) when
// followOutsideLinks.
std::vector<std::filesystem::path> treeBoundary(const std::filesystem::path& tree,
                                                const std::optional<std::filesystem::path>& mmtestsDir,
                                                bool followOutsideLinks);
inline constexpr const char* kFollowOutsideLinksHelp =
    "follow links out of the log tree (and out of the MMTests checkout); refused by default, as a tree may "
    "come from someone else and link to /etc/shadow";

// The MMTests checkout to fall back on: the option, else $MMTESTS_DIR.
std::optional<std::filesystem::path> mmtestsDirOrEnv(const std::optional<std::string>& option);

}  // namespace mmtp::compare
