// json_io.hpp - --json-export (DIR/BENCH.json.zst, the comparison's runs and
// summaries) and --from-json (a JSON array of extract modules with
// _ModuleName "Extract<Bench>", _TestName and _ResultData, as MMTests reads).
#pragma once
#include "lib/summary.hpp"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace mmtp::compare {

// Writes zstd-compressed JSON to a temp file and renames it onto target.
void exportJson(const std::filesystem::path& target, const std::string& bench, const std::vector<RunSummary>& runs);

struct ImportedRun {
    std::string bench;  // from _ModuleName: "ExtractRedis" -> "redis"
    std::string testName;
    Extraction extraction;
};

// Throws std::runtime_error naming the file for anything that is not an
// array of modules with result data.
std::vector<ImportedRun> importJson(const std::filesystem::path& file);

}  // namespace mmtp::compare
