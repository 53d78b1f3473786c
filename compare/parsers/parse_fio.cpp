// fio terse v3 (--minimal) fio.log, as MMTests' fio extract-report.pl reads
// it: per job (field 3), read bandwidth (field 45) when it read anything
// (field 6) and write bandwidth (field 86) when it wrote (field 47).
#include "input/log_files.hpp"
#include "parsers/parsers.hpp"
#include "core/perl_scalar.hpp"
#include "core/shell_text.hpp"

namespace mmtp::compare {

Rows parseFioTerse(const std::filesystem::path& logsDir, Warnings& warnings) {
    Rows rows;
    auto text = readLog(logsDir / "fio.log");
    if (!text) return rows;
    int lineNr = 0;
    for (const std::string& line : splitLines(*text)) {
        ++lineNr;
        std::vector<std::string> e = perlSplit(line, ';');
        if (e.size() < 86 || e[0] != "3")
            warnings.push_back((logsDir / "fio.log").string() + ":" + std::to_string(lineNr) +
                               ": not a fio terse v3 line (" + std::to_string(e.size()) + " fields)");
        auto at = [&e](std::size_t i) { return i < e.size() ? e[i] : std::string(); };
        if (numify(at(5)) > 0) rows.push_back({"kb/sec", at(2), "read", "1", at(44), "R"});
        if (numify(at(46)) > 0) rows.push_back({"kb/sec", at(2), "write", "1", at(85), "R"});
    }
    return rows;
}

}  // namespace mmtp::compare
