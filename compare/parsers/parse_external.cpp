#include "parsers/parse_external.hpp"

#include "input/log_files.hpp"

#include <cctype>
#include <cstdio>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

std::string shellQuote(const std::string& s) {
    std::string out = "'";
    for (char c : s) {
        if (c == '\'') out += "'\\''";
        else out += c;
    }
    return out + "'";
}

}  // namespace

std::optional<ExternalShellpack> findExternalShellpack(const fs::path& mmtestsDir, const std::string& bench,
                                                       const std::string& altReport) {
    // ExtractFactory.pm: a Perl module Extract<Bench>.pm wins over the yaml.
    std::string pm = bench;
    if (!pm.empty()) pm[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(pm[0])));
    std::erase(pm, '-');
    if (fs::exists(mmtestsDir / "bin/lib/MMTests" / ("Extract" + pm + ".pm")))
        throw std::runtime_error("benchmark " + bench + " is reported by MMTests' Perl module Extract" + pm +
                                 ".pm, which compare-mmtests cannot run natively");
    // lookupShellpackRoot: lcfirst, then strip "-suffix" parts until one exists.
    std::string name = bench;
    if (!name.empty()) name[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
    std::string alt = altReport.empty() ? "" : "-" + altReport;
    while (true) {
        fs::path root = mmtestsDir / "shellpack_src/src" / name;
        if (fs::exists(root)) {
            ExternalShellpack sp{root / ("parse-results" + alt), root / ("shellpack" + alt + ".yaml")};
            if (!fs::exists(sp.yaml)) return std::nullopt;
            if (!fs::is_regular_file(sp.parser))
                throw std::runtime_error("shellpack config (" + sp.yaml.string() + ") exists but " + sp.parser.string() + " does not");
            if (::access(sp.parser.c_str(), X_OK) != 0)
                throw std::runtime_error(sp.parser.string() + " is not executable");
            return sp;
        }
        std::size_t dash = name.rfind('-');
        if (dash == std::string::npos) return std::nullopt;
        std::string rest = name.substr(dash + 1);
        for (char c : rest)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) return std::nullopt;
        name.erase(dash);
    }
}

Rows runExternalParser(const ExternalShellpack& sp, const fs::path& logsDir, const std::string& altReport) {
    std::string cmd = shellQuote(sp.parser.string()) + " " + shellQuote(logsDir.string()) + " " + shellQuote(altReport);
    FILE* pipe = ::popen(cmd.c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot run " + sp.parser.string());
    std::string out;
    char buf[65536];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
    int status = ::pclose(pipe);
    if (status == -1 || (WIFSIGNALED(status)))
        throw std::runtime_error(sp.parser.string() + " " + logsDir.string() + " was killed");
    // Like MMTests, a parser that exits non-zero (e.g. no such logs dir)
    // simply contributes the rows it printed.
    Rows rows;
    for (const std::string& line : splitLines(out)) rows.push_back(rowFromLine(line));
    return rows;
}

}  // namespace mmtp::compare
