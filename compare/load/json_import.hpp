// json_import.hpp - --from-json: a JSON array of extract modules with
// _ModuleName "Extract<Bench>", _TestName and _ResultData, as MMTests reads
// them (plain or zstd-compressed).
#pragma once
#include "stats/extraction.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::compare {

struct ImportedRun {
    std::string bench;  // from _ModuleName: "ExtractRedis" -> "redis"
    std::string testName;
    Extraction extraction;
    std::vector<std::string> iterationBoots;  // _BootIds (ours), "" where none
};

// Throws std::runtime_error naming the file for anything that is not an
// array of modules with result data.
std::vector<ImportedRun> importJson(const std::filesystem::path& file);

}  // namespace mmtp::compare
