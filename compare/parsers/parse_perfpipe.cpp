// perf bench sched pipe logs, as MMTests' perfpipe parse-results reads them
// through shellpack_src/parsers/line-parse-results: the first field of every
// "usecs/op" line of benchlog-A-B (or benchlog-A-B-N, in N order), numbered
// 1.. per A/B pair, sorted by metric, A, B, iteration.
#include "input/log_files.hpp"
#include "parsers/parsers.hpp"
#include "core/perl_scalar.hpp"
#include "core/shell_text.hpp"

#include <set>

namespace mmtp::compare {

namespace {

void valuesFrom(const std::filesystem::path& log, std::vector<std::string>& values, Warnings& warnings) {
    auto text = readLog(log);
    if (!text) return;
    int lineNr = 0;
    for (const std::string& line : splitLines(*text)) {
        ++lineNr;
        if (line.find("usecs/op") == std::string::npos) continue;
        std::vector<std::string> f = perlSplitWhitespace(line);
        std::size_t first = (!f.empty() && f[0].empty()) ? 1 : 0;  // awk's $1 skips leading blanks
        if (first < f.size()) {
            values.push_back(f[first]);
            if (!looksLikeNumber(f[first]))
                warnings.push_back(log.string() + ":" + std::to_string(lineNr) + ": usecs/op line without a number first");
        }
    }
}

}  // namespace

Rows parsePerfBenchPipe(const std::filesystem::path& logsDir, Warnings& warnings) {
    std::set<std::string> unique;
    for (const std::string& n : listDirectory(logsDir)) unique.insert(uncompressedName(n));
    std::vector<std::string> names(unique.begin(), unique.end());
    std::set<std::string> present(names.begin(), names.end());

    std::vector<std::string> factorsA;
    for (const std::string& n : globNames(names, "benchlog-")) factorsA.push_back(cutField(n, '-', 2));
    std::vector<std::string> lines;
    for (const std::string& a : sortUnique(factorsA)) {
        std::vector<std::string> factorsB;
        for (const std::string& n : globNames(names, "benchlog-" + a + "-")) factorsB.push_back(cutField(n, '-', 3));
        for (const std::string& b : sortUnique(factorsB)) {
            std::vector<std::string> values;
            std::string stem = "benchlog-" + a + "-" + b;
            if (present.count(stem)) {
                valuesFrom(logsDir / stem, values, warnings);
            } else {
                std::vector<std::string> logNrs;
                for (const std::string& n : globNames(names, stem + "-")) logNrs.push_back(cutField(n, '-', 4));
                for (const std::string& nr : sortNumeric(logNrs)) valuesFrom(logsDir / (stem + "-" + nr), values, warnings);
            }
            int iteration = 0;
            for (const std::string& v : values)
                lines.push_back("usecs-op\t" + a + "\t" + b + "\t" + std::to_string(++iteration) + "\t" + v + "\t_");
        }
    }
    sortLinesLikeCoreutils(lines, {{1, false}, {2, true}, {3, true}, {4, true}});
    Rows rows;
    for (const std::string& l : lines) rows.push_back(rowFromLine(l));
    return rows;
}

}  // namespace mmtp::compare
