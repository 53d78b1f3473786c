#include "parsers/parse_external.hpp"

#include "input/benchmark_name.hpp"
#include "input/log_files.hpp"

#include <algorithm>
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

// A shellpack file is used only when it resolves, through any symlinks, to
// a file inside the checkout's shellpack_src/ (MMTests links parse-results
// to shellpack_src/parsers/, never further).
void requireInsideShellpackSrc(const fs::path& mmtestsDir, const fs::path& file) {
    std::error_code ec;
    fs::path allowed = fs::canonical(mmtestsDir / "shellpack_src", ec);
    if (ec) throw std::runtime_error(mmtestsDir.string() + "/shellpack_src: " + ec.message());
    fs::path real = fs::canonical(file, ec);
    if (ec) throw std::runtime_error(file.string() + ": " + ec.message());
    auto [a, r] = std::mismatch(allowed.begin(), allowed.end(), real.begin(), real.end());
    if (a != allowed.end() || r == real.end())
        throw std::runtime_error(file.string() + " resolves to " + real.string() + ", outside " + allowed.string() +
                                 "; not used");
}

}  // namespace

std::optional<ExternalShellpack> findExternalShellpack(const fs::path& mmtestsDir, const std::string& bench,
                                                       const std::string& altReport) {
    // Only plain names, so nothing outside shellpack_src/src/NAME is named.
    if (!isPlainBenchmarkName(bench) || (!altReport.empty() && !isPlainBenchmarkName(altReport)))
        throw std::runtime_error("benchmark '" + bench.substr(0, 80) + "' (alt report '" + altReport.substr(0, 80) +
                                 "') is not a plain name; no shellpack looked up");
    // ExtractFactory.pm: a Perl module Extract<Bench>.pm wins over the yaml.
    std::string pm = bench;
    if (!pm.empty()) pm[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(pm[0])));
    std::erase(pm, '-');
    std::error_code ec;
    if (fs::exists(mmtestsDir / "bin/lib/MMTests" / ("Extract" + pm + ".pm"), ec))
        throw std::runtime_error("benchmark " + bench + " is reported by MMTests' Perl module Extract" + pm +
                                 ".pm, which compare-mmtests cannot run natively");
    // lookupShellpackRoot: lcfirst, then strip "-suffix" parts until one exists.
    std::string name = bench;
    if (!name.empty()) name[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
    std::string alt = altReport.empty() ? "" : "-" + altReport;
    while (true) {
        fs::path root = mmtestsDir / "shellpack_src/src" / name;
        if (fs::exists(root, ec)) {
            ExternalShellpack sp{root / ("parse-results" + alt), root / ("shellpack" + alt + ".yaml")};
            if (!fs::exists(sp.yaml, ec)) return std::nullopt;
            requireInsideShellpackSrc(mmtestsDir, sp.yaml);
            if (!fs::is_regular_file(sp.parser, ec))
                throw std::runtime_error("shellpack config (" + sp.yaml.string() + ") exists but " + sp.parser.string() + " does not");
            requireInsideShellpackSrc(mmtestsDir, sp.parser);
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
    const std::size_t limit = ReadLimits{}.fileBytes;
    bool tooMuch = false;
    while (!tooMuch && (n = std::fread(buf, 1, sizeof buf, pipe)) > 0) {
        tooMuch = n > limit - out.size();
        if (!tooMuch) out.append(buf, n);
    }
    int status = ::pclose(pipe);  // a parser still writing gets EPIPE
    if (tooMuch)
        throw std::runtime_error(sp.parser.string() + " " + logsDir.string() + " printed more than " +
                                 std::to_string(limit >> 20) + " MiB (the read limit)");
    if (status == -1 || (WIFSIGNALED(status)))
        throw std::runtime_error(sp.parser.string() + " " + logsDir.string() + " was killed");
    // Like MMTests, a parser that exits non-zero (e.g. no such logs dir)
    // simply contributes the rows it printed.
    Rows rows;
    for (const std::string& line : splitLines(out)) rows.push_back(rowFromLine(line));
    return rows;
}

}  // namespace mmtp::compare
