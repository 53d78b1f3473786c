// will-it-scale logs, as MMTests' wis parse-results reads them through
// shellpack_src/parsers/line-parse-results 'total:' ops 3: the third
// blank-separated field of every line holding "total:" in benchlog-A-B (or
// benchlog-A-B-N, in N order), "total:" removed, numbered 1.. per A/B pair,
// sorted by metric, A (numerically: line-parse-results' text sort is set in
// a subshell and never reaches sort), B, second. syscall-scale writes these
// benchlogs; its -a nsop report reads ns-per-op from its .extra files.
#include "core/perl_scalar.hpp"
#include "core/shell_text.hpp"
#include "input/log_files.hpp"
#include "parsers/benchlog_files.hpp"
#include "parsers/parsers.hpp"

namespace mmtp::compare {

namespace {

// awk's $N: the Nth blank-separated field, "" past the end.
std::string awkField(const std::string& line, std::size_t n) {
    std::vector<std::string> f = perlSplitWhitespace(line);
    const std::size_t first = (!f.empty() && f[0].empty()) ? 1 : 0;
    return first + n - 1 < f.size() ? f[first + n - 1] : std::string();
}

}  // namespace

Rows parseWisBenchlog(const std::filesystem::path& logsDir, Warnings& warnings) {
    std::vector<std::string> lines;
    forEachBenchlog(logsDir, [&](const std::string& a, const std::string& b, const std::vector<std::filesystem::path>& logs) {
        int second = 0;
        for (const std::filesystem::path& log : logs) {
            auto text = readLog(log);
            if (!text) continue;
            int lineNr = 0;
            for (const std::string& line : splitLines(*text)) {
                ++lineNr;
                if (line.find("total:") == std::string::npos) continue;
                std::string row = "ops\t" + a + "\t" + b + "\t" + std::to_string(++second) + "\t" + awkField(line, 3) + "\t_";
                // sed 's/total://': the first occurrence on the row.
                if (auto at = row.find("total:"); at != std::string::npos) row.erase(at, 6);
                lines.push_back(row);
                const std::string value = rowFromLine(row).value;
                if (!looksLikeNumber(value))
                    warnings.push_back(log.string() + ":" + std::to_string(lineNr) + ": total: line without a number third");
            }
        }
    });
    return rowsSortedLikeCoreutils(std::move(lines), {{1, false}, {2, true}, {3, true}, {4, true}});
}

Rows parseSyscallScaleNsop(const std::filesystem::path& logsDir, Warnings& warnings) {
    std::vector<std::string> lines;
    const std::string prefix = "syscall-scale-", suffix = ".extra";
    for (const std::string& name : listDirectory(logsDir)) {
        if (name.size() <= prefix.size() + suffix.size() || name.rfind(prefix, 0) != 0 ||
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
            continue;
        const std::string stem = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
        const std::size_t dash = stem.rfind('-');
        const std::string a = stem.substr(0, dash == std::string::npos ? 0 : dash);
        const std::string b = dash == std::string::npos ? stem : stem.substr(dash + 1);
        auto text = readLog(logsDir / name);
        if (!text) continue;
        for (const std::string& line : splitLines(*text)) {
            if (awkField(line, 1) != "ns-per-op") continue;
            const std::string v = awkField(line, 2);
            if (!looksLikeNumber(v)) warnings.push_back((logsDir / name).string() + ": ns-per-op without a number");
            lines.push_back("ns-op\t" + a + "\t" + b + "\t1\t" + v + "\t_");
        }
    }
    return rowsSortedLikeCoreutils(std::move(lines), {{1, false}, {2, false}, {3, true}, {4, true}});
}

}  // namespace mmtp::compare
