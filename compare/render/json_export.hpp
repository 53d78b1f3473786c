// json_export.hpp - --json-export: DIR/BENCH.json.zst, the comparison's runs
// and summaries as MMTests' extract modules, zstd-compressed.
#pragma once
#include "stats/summary.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::compare {

// Writes zstd-compressed JSON to a temp file and renames it onto target.
void exportJson(const std::filesystem::path& target, const std::string& bench, const std::vector<RunSummary>& runs);

}  // namespace mmtp::compare
