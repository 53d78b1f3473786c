// redis-benchmark --csv logs, as MMTests' shellpack_src/src/redis/parse-results
// and parse-results.awk read them: one row per test and statistic, RPS in
// thousands, latencies in microseconds, sorted by metric, clients, iteration.
#include "input/log_files.hpp"
#include "parsers/parsers.hpp"
#include "core/perl_scalar.hpp"
#include "core/shell_text.hpp"

#include <algorithm>
#include <regex>
#include <set>

namespace mmtp::compare {

namespace {

std::vector<std::string> logNames(const std::filesystem::path& dir) {
    std::set<std::string> unique;
    for (const std::string& n : listDirectory(dir)) unique.insert(uncompressedName(n));
    return {unique.begin(), unique.end()};
}

// awk's sub(/ \(.*\)/, "", s): leftmost-longest, so from the first " (" to
// the last ")" after it (no std::regex: a test name may be 100k characters).
std::string withoutParenthesised(std::string s) {
    std::size_t open = s.find(" (");
    std::size_t close = s.rfind(')');
    if (open != std::string::npos && close != std::string::npos && close > open + 1) s.erase(open, close - open + 1);
    return s;
}

// redis-benchmark --csv prints one line per test (about 20). Each line,
// blank or not, becomes six rows: 1 MiB of empty lines cost 2.26 GB.
constexpr std::size_t kMaxCsvLines = 65536;

// parse-results.awk for one log.
void awkRows(const std::string& text, const std::string& file, const std::string& clients,
             const std::string& iteration, std::vector<std::string>& out, Warnings& warnings) {
    if (static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) > kMaxCsvLines)
        throw InputError(file + ": more than " + std::to_string(kMaxCsvLines) +
                         " lines, not a redis-benchmark --csv log (the row limit); not read");
    int lineNr = 0;
    for (std::string line : splitLines(text)) {
        ++lineNr;
        if (line.find("test") != std::string::npos) continue;
        std::erase(line, '"');
        std::vector<std::string> arr;  // awk's arr[1..n] is arr[0..n-1] here
        if (!line.empty()) {
            std::size_t start = 0;
            while (true) {
                std::size_t c = line.find(',', start);
                arr.push_back(line.substr(start, c == std::string::npos ? std::string::npos : c - start));
                if (c == std::string::npos) break;
                start = c + 1;
            }
        }
        auto field = [&arr](std::size_t i) { return i <= arr.size() ? arr[i - 1] : std::string(); };
        bool wellFormed = arr.size() == 8;
        for (std::size_t i = 2; wellFormed && i <= 8; ++i) wellFormed = looksLikeNumber(field(i));
        if (!wellFormed)
            warnings.push_back(file + ":" + std::to_string(lineNr) +
                               ": not a redis-benchmark --csv result line (MMTests reads its missing numbers as 0)");
        std::string op = withoutParenthesised(field(1));
        auto num = [&](std::size_t i, double scale, bool divide) {
            double v = awkNumber(field(i));
            return awkFormat(divide ? v / scale : v * scale);
        };
        std::string tail = "\t" + clients + "\t_\t" + iteration + "\t";
        out.push_back(op + "-RPS" + tail + num(2, 1000, true) + "\tR");
        out.push_back(op + "-latMin" + tail + num(4, 1000, false) + "\t_");
        out.push_back(op + "-latAvg" + tail + num(3, 1000, false) + "\t_");
        out.push_back(op + "-lat95" + tail + num(6, 1000, false) + "\t_");
        out.push_back(op + "-lat99" + tail + num(7, 1000, false) + "\t_");
        out.push_back(op + "-latMax" + tail + num(8, 1000, false) + "\t_");
    }
}

}  // namespace

Rows parseRedisCsv(const std::filesystem::path& logsDir, Warnings& warnings) {
    static const std::regex kAnyCharLog(".log");
    std::vector<std::string> names = logNames(logsDir);
    std::vector<std::string> clients;
    for (const std::string& n : globNames(names, "redis-", "-1.log")) clients.push_back(cutField(n, '-', 2));
    std::vector<std::string> lines;
    for (const std::string& c : sortNumeric(clients)) {
        std::vector<std::string> iterations;
        for (const std::string& n : globNames(names, "redis-" + c + "-"))
            iterations.push_back(std::regex_replace(cutField(n, '-', 3), kAnyCharLog, "",
                                                    std::regex_constants::format_first_only));
        for (const std::string& it : sortNumeric(iterations))
            if (auto text = readLog(logsDir / ("redis-" + c + "-" + it + ".log")))
                awkRows(*text, (logsDir / ("redis-" + c + "-" + it + ".log")).string(), c, it, lines, warnings);
    }
    sortLinesLikeCoreutils(lines, {{1, false}, {2, true}, {4, true}});
    Rows rows;
    for (const std::string& l : lines) rows.push_back(rowFromLine(l));
    return rows;
}

}  // namespace mmtp::compare
