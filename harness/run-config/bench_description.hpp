// bench_description.hpp - what run-config asks a benchmark's binary before
// anything is run or claimed, with the config's variables in its
// environment: the config variables it reads (BINARY --print-variables)
// and how long one run takes (BINARY --estimate, which also parses its
// settings: a value it would refuse is the config's UsageError with the
// benchmark's own line, not a failed run that burns the run's name).
// run-config knows no workload's variables or costs; the binary does.
#pragma once
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::runconfig {

struct BenchDescription {
    std::vector<std::string> variables;  // the config variables the bench reads, in its table's order
    std::map<std::string, std::string> defaults;  // those with a default: their --print-variables value
    std::optional<double> seconds;       // one run; nullopt: the bench cannot tell ("unknown")
};

// The most either answer may print: a table's variables are a few KiB.
inline constexpr std::size_t kMaxDescriptionBytes = 64 * 1024;

// --print-variables' "VAR=DEFAULT" (or "VAR") lines -> the names. A line
// that does not start with a shell variable name is the binary's Error.
std::vector<std::string> variablesFrom(const std::string& text, const std::string& bench);
// Its "VAR=DEFAULT" lines -> VAR -> DEFAULT (a "VAR" line has no default).
std::map<std::string, std::string> defaultsFrom(const std::string& text);
// --estimate's one line -> seconds: a finite number >= 0, or "unknown".
std::optional<double> secondsFrom(const std::string& text, const std::string& bench);

BenchDescription describeBench(const std::filesystem::path& binary, const std::map<std::string, std::string>& env,
                               const std::filesystem::path& config);

}  // namespace mmtp::runconfig
