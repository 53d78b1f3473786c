// command_line.hpp - what the command lines of compare-mmtests and
// compare-kernels share: Boost's option errors as mmtp::UsageError, run-name
// lists, and where the MMTests checkout is.
#pragma once
#include <boost/program_options.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// Parses argv against desc; Boost's errors become mmtp::UsageError (exit 2).
boost::program_options::variables_map parseCommandLine(int argc, const char* const argv[],
                                                       const boost::program_options::options_description& desc);

// "a,b,,c," -> {a, b, "", c} (Perl's split /,/).
std::vector<std::string> splitRunNames(const std::string& list);

// The MMTests checkout to fall back on: the option, else $MMTESTS_DIR.
std::optional<std::filesystem::path> mmtestsDirOrEnv(const std::optional<std::string>& option);

}  // namespace mmtp::compare
