// json_export.hpp - --json-export: DIR/BENCH.json.zst, what compare-mmtests.pl
// writes (its Compare object: the rendered and intermediate tables, and the
// runs as extract modules), zstd-compressed.
#pragma once
#include "stats/summary.hpp"
#include "tables/comparison.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// MMTests' name for the extract modules of -b BENCH or --print-monitor NAME
// ("ExtractShellpackredis", "MonitorProcvmstat").
std::string extractModuleName(const std::string& bench, const std::optional<std::string>& monitor);

// The export's JSON text. Keys are sorted (Perl writes them in its random
// hash order); numbers the Perl computes are rounded as Perl prints them (15
// significant digits), samples keep every digit.
std::string jsonExportText(const std::string& moduleName, const std::vector<RunSummary>& runs,
                           const ComparisonReport& report);

// Writes jsonExportText zstd-compressed to a temp file and renames it onto target.
void exportJson(const std::filesystem::path& target, const std::string& moduleName, const std::vector<RunSummary>& runs,
                const ComparisonReport& report);

}  // namespace mmtp::compare
