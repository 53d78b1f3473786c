// benchmark_source.hpp - where the rows and summary settings of a -b
// benchmark come from: our native parser table and embedded shellpack.yaml,
// else an MMTests checkout (--mmtests-dir / MMTESTS_DIR).
#pragma once
#include "parsers/parsers.hpp"
#include "core/row_table.hpp"
#include "benchmarks/shellpack_config.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace mmtp::compare {

struct BenchmarkSource {
    std::string name;
    SummarySettings settings;
    std::function<RowTable(const std::filesystem::path& logsDir, Warnings& warnings)> parse;
};

// Throws std::runtime_error with a one-line reason when the benchmark is
// unknown or its shellpack cannot be used.
BenchmarkSource findBenchmark(const std::string& bench, const std::string& altReport,
                              const std::optional<std::string>& subHeading,
                              const std::optional<std::filesystem::path>& mmtestsDir);

}  // namespace mmtp::compare
