// benchlog_files.hpp - the file walk of MMTests' line-parse-results (and of
// the perfpipe and wis parse-results built on it): every benchlog-A-B of a
// logs directory, or its -N parts in numeric order, A then B sorted as text.
#pragma once
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace mmtp::compare {

using BenchlogVisitor = std::function<void(const std::string& a, const std::string& b,
                                           const std::vector<std::filesystem::path>& logs)>;
void forEachBenchlog(const std::filesystem::path& logsDir, const BenchlogVisitor& visit);

}  // namespace mmtp::compare
