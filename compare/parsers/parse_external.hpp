// parse_external.hpp - benchmarks we do not parse natively, read through an
// MMTests checkout (--mmtests-dir or MMTESTS_DIR): its
// shellpack_src/src/BENCH/parse-results and shellpack.yaml, found the way
// ExtractFactory.pm finds them.
#pragma once
#include "core/row_table.hpp"
#include "core/warnings.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

namespace mmtp::compare {

struct ExternalShellpack {
    std::filesystem::path parser;  // parse-results[-ALT]
    std::filesystem::path yaml;    // shellpack[-ALT].yaml
};

// nullopt when the checkout has no shellpack for the benchmark. Throws when
// bench or altReport is not a plain name, or the shellpack cannot be used
// (parser missing or not executable, a Perl Extract module that MMTests would
// use instead, a parser or yaml resolving outside the checkout's
// shellpack_src/).
std::optional<ExternalShellpack> findExternalShellpack(const std::filesystem::path& mmtestsDir,
                                                       const std::string& bench, const std::string& altReport);

// How long one parse-results run may take: it reads the untrusted tree
// itself, where a FIFO would block it forever.
inline constexpr std::chrono::milliseconds kExternalParserTimeout{std::chrono::minutes(5)};
// How long all of them together may take in one program run: the limit
// above, for runs x iterations x benchmarks, added up to hours. A parser
// started with less left gets what is left; none starts once it is spent.
inline constexpr std::chrono::milliseconds kExternalParsersBudget{std::chrono::minutes(15)};

// Runs the parser (no shell) on a logs directory and splits its output into
// rows. A non-zero exit, or anything on its stderr, adds one warning with
// the exit status and the first lines of its stderr (control characters as
// '?'). Throws when the parser cannot be started, is killed, or passes the
// time limit, the budget or the read limit (then it and its process group
// are killed).
RowTable runExternalParser(const ExternalShellpack& shellpack, const std::filesystem::path& logsDir,
                       const std::string& altReport, Warnings& warnings,
                       std::chrono::milliseconds timeout = kExternalParserTimeout);

}  // namespace mmtp::compare
