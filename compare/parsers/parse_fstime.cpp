// unixbench fstime logs (unixbenchd.log, fstime's stdout and stderr as
// MMTests' unixbenchd shellpack appends them): the score of each
// "Copy done: COUNTED in SECS, score KBPS" line, numbered 1.., as
// shellpacks/syscall-fsbuffer/parse-results prints it.
#include "core/perl_scalar.hpp"
#include "core/shell_text.hpp"
#include "input/log_files.hpp"
#include "parsers/parsers.hpp"

namespace mmtp::compare {

Rows parseFstimeCopy(const std::filesystem::path& logsDir, Warnings& warnings) {
    Rows rows;
    auto text = readLog(logsDir / "unixbenchd.log");
    if (!text) return rows;
    int run = 0, lineNr = 0;
    for (const std::string& line : splitLines(*text)) {
        ++lineNr;
        if (line.rfind("Copy done: ", 0) != 0) continue;
        std::vector<std::string> f = perlSplitWhitespace(line);
        const std::string score = f.empty() ? std::string() : f.back();  // awk's $NF
        if (!looksLikeNumber(score))
            warnings.push_back((logsDir / "unixbenchd.log").string() + ":" + std::to_string(lineNr) +
                               ": Copy done: line without a score last");
        rows.push_back(rowFromLine("fsbuffer\t_\t_\t" + std::to_string(++run) + "\t" + score + "\t_"));
    }
    return rows;
}

}  // namespace mmtp::compare
