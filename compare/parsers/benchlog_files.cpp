#include "parsers/benchlog_files.hpp"

#include "core/shell_text.hpp"
#include "input/log_files.hpp"

#include <set>

namespace mmtp::compare {

void forEachBenchlog(const std::filesystem::path& logsDir, const BenchlogVisitor& visit) {
    std::set<std::string> unique;
    for (const std::string& n : listDirectory(logsDir)) unique.insert(uncompressedName(n));
    std::vector<std::string> names(unique.begin(), unique.end());
    std::set<std::string> present(names.begin(), names.end());

    std::vector<std::string> factorsA;
    for (const std::string& n : globNames(names, "benchlog-")) factorsA.push_back(cutField(n, '-', 2));
    for (const std::string& a : sortUnique(factorsA)) {
        std::vector<std::string> factorsB;
        for (const std::string& n : globNames(names, "benchlog-" + a + "-")) factorsB.push_back(cutField(n, '-', 3));
        for (const std::string& b : sortUnique(factorsB)) {
            std::vector<std::filesystem::path> logs;
            std::string stem = "benchlog-" + a + "-" + b;
            if (present.count(stem)) {
                logs.push_back(logsDir / stem);
            } else {
                std::vector<std::string> logNrs;
                for (const std::string& n : globNames(names, stem + "-")) logNrs.push_back(cutField(n, '-', 4));
                for (const std::string& nr : sortNumeric(logNrs)) logs.push_back(logsDir / (stem + "-" + nr));
            }
            visit(a, b, logs);
        }
    }
}

}  // namespace mmtp::compare
