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
#include <string_view>

namespace mmtp::compare {

namespace {

std::vector<std::string> logNames(const std::filesystem::path& dir) {
    std::set<std::string> unique;
    for (const std::string& n : listDirectory(dir)) unique.insert(uncompressedName(n));
    return {unique.begin(), unique.end()};
}

// awk's sub(/ \(.*\)/, "", s): leftmost-longest, so from the first " (" to
// the last ")" after it (no std::regex: a test name may be 100k characters).
std::string withoutParenthesised(std::string_view s) {
    std::size_t open = s.find(" (");
    std::size_t close = s.rfind(')');
    std::string out(s);
    if (open != std::string::npos && close != std::string::npos && close > open + 1) out.erase(open, close - open + 1);
    return out;
}

// redis-benchmark --csv prints one line per test (about 20). Each line,
// blank or not, becomes six rows: 1 MiB of empty lines cost 2.26 GB.
constexpr std::size_t kMaxCsvLines = 65536;

// awk's split(line, arr, ","): arr[1..n] is fields[0..n-1], views into line;
// none for an empty line.
void splitFields(std::string_view line, std::vector<std::string_view>& fields) {
    fields.clear();
    if (line.empty()) return;
    std::size_t start = 0;
    while (true) {
        std::size_t c = line.find(',', start);
        fields.push_back(line.substr(start, c == std::string_view::npos ? std::string_view::npos : c - start));
        if (c == std::string_view::npos) return;
        start = c + 1;
    }
}

// The six rows of one result line, as parse-results.awk prints them; built
// in one string each (about 100 rows a log: no temporaries per field).
class RowPrinter {
public:
    RowPrinter(const std::string& clients, const std::string& iteration)
        : tail_("\t" + clients + "\t_\t" + iteration + "\t") {}

    void print(const std::vector<std::string_view>& fields, std::vector<std::string>& out) const {
        auto field = [&fields](std::size_t i) { return i <= fields.size() ? fields[i - 1] : std::string_view(); };
        const std::string op = withoutParenthesised(field(1));
        auto row = [&](const char* metric, std::size_t i, bool rps) {
            const double v = awkNumber(field(i));
            const std::string value = awkFormat(rps ? v / 1000 : v * 1000);
            std::string line;
            line.reserve(op.size() + tail_.size() + value.size() + 12);
            line.append(op).append(metric).append(tail_).append(value).append(rps ? "\tR" : "\t_");
            out.push_back(std::move(line));
        };
        row("-RPS", 2, true);
        row("-latMin", 4, false);
        row("-latAvg", 3, false);
        row("-lat95", 6, false);
        row("-lat99", 7, false);
        row("-latMax", 8, false);
    }

private:
    std::string tail_;
};

// parse-results.awk for one log.
void awkRows(const std::string& text, const std::string& file, const std::string& clients,
             const std::string& iteration, std::vector<std::string>& out, Warnings& warnings) {
    if (static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) > kMaxCsvLines)
        throw InputError(file + ": more than " + std::to_string(kMaxCsvLines) +
                         " lines, not a redis-benchmark --csv log (the row limit); not read");
    const RowPrinter printer(clients, iteration);
    std::string line;
    std::vector<std::string_view> arr;
    int lineNr = 0;
    for (std::size_t start = 0; start < text.size();) {  // splitLines' lines, one buffer
        const std::size_t nl = text.find('\n', start);
        const std::size_t end = nl == std::string::npos ? text.size() : nl;
        line.assign(text, start, end - start);
        start = end + 1;
        ++lineNr;
        if (line.find("test") != std::string::npos) continue;
        std::erase(line, '"');
        splitFields(line, arr);
        bool wellFormed = arr.size() == 8;
        for (std::size_t i = 2; wellFormed && i <= 8; ++i) wellFormed = looksLikeNumber(arr[i - 1]);
        if (!wellFormed)
            warnings.push_back(file + ":" + std::to_string(lineNr) +
                               ": not a redis-benchmark --csv result line (MMTests reads its missing numbers as 0)");
        printer.print(arr, out);
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
