// perf bench sched pipe logs, as MMTests' perfpipe parse-results reads them
// through shellpack_src/parsers/line-parse-results: the first field of every
// "usecs/op" line of benchlog-A-B (or benchlog-A-B-N, in N order), numbered
// 1.. per A/B pair, sorted by metric, A, B, iteration. pipe-pingpong's
// benchlogs add the RFC's "iters:" line and its mode, which -a rfc reads.
#include "base/text_format.hpp"
#include "input/benchmark_name.hpp"
#include "input/log_files.hpp"
#include "parsers/benchlog_files.hpp"
#include "parsers/parsers.hpp"
#include "core/perl_scalar.hpp"
#include "core/shell_text.hpp"

#include <cstdio>
#include <functional>
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

namespace {

// "iters: N, t: Tus, iter/sec: R, us/iter: U" -> N and T; false for any other line.
bool rfcLine(const std::string& line, long long& iters, long long& usec) {
    return std::sscanf(line.c_str(), "iters: %lld, t: %lldus,", &iters, &usec) == 2 && iters > 0 && usec >= 0;
}

}  // namespace

Rows parsePerfBenchPipe(const std::filesystem::path& logsDir, Warnings& warnings) {
    std::vector<std::string> lines;
    forEachBenchlog(logsDir, [&](const std::string& a, const std::string& b, const std::vector<std::filesystem::path>& logs) {
        std::vector<std::string> values;
        for (const std::filesystem::path& log : logs) valuesFrom(log, values, warnings);
        int iteration = 0;
        for (const std::string& v : values)
            lines.push_back("usecs-op\t" + a + "\t" + b + "\t" + std::to_string(++iteration) + "\t" + v + "\t_");
    });
    return rowsSortedLikeCoreutils(std::move(lines), {{1, false}, {2, true}, {3, true}, {4, true}});
}

Rows parsePipePingpongRfc(const std::filesystem::path& logsDir, Warnings& warnings) {
    std::vector<std::string> lines;
    forEachBenchlog(logsDir, [&](const std::string& a, const std::string& b, const std::vector<std::filesystem::path>& logs) {
        int iteration = 0;
        for (const std::filesystem::path& log : logs) {
            auto text = readLog(log);
            if (!text) continue;
            std::string mode;
            long long iters = 0, usec = 0;
            bool timed = false;
            for (const std::string& line : splitLines(*text)) {
                if (line.rfind("iters:", 0) == 0) {
                    timed = rfcLine(line, iters, usec);
                    if (!timed) warnings.push_back(log.string() + ": malformed iters: line");
                } else if (line.rfind("# pipe-pingpong: mode=", 0) == 0) {
                    mode = line.substr(22, line.find(' ', 22) - 22);
                }
            }
            if (!timed) continue;
            std::string n = std::to_string(++iteration), factors = a + "\t" + b + "\t" + n + "\t";
            lines.push_back("iters\t" + factors + std::to_string(iters) + "\t_");
            lines.push_back("us-iter\t" + factors + formatText("%.6f", double(usec) / double(iters)) + "\t_");
            // The mode names its row (a run has one); the value counts its iterations.
            if (!mode.empty() && isPlainBenchmarkName(mode)) lines.push_back("mode\t" + mode + "\t_\t" + n + "\t1\t_");
        }
    });
    // As shellpacks/pipe-pingpong/parse-results-rfc sorts: the mode (factor A) as text.
    return rowsSortedLikeCoreutils(std::move(lines), {{1, false}, {2, false}, {3, true}, {4, true}});
}

}  // namespace mmtp::compare
