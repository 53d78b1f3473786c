// config_text.cpp - a config's MMTESTS read as text (config_text.hpp).
#include "mitigation-matrix/config_text.hpp"

#include "base/errors.hpp"

#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
bool plainNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '+' || c == '-';
}

namespace {

// "MMTESTS=..." after optional blanks and "export": the text after '=', or nullopt.
std::optional<std::string> assignment(const std::string& line) {
    std::size_t at = line.find_first_not_of(" \t");
    if (at == std::string::npos) return std::nullopt;
    if (line.compare(at, 7, "export ") == 0 || line.compare(at, 7, "export\t") == 0)
        at = line.find_first_not_of(" \t", at + 7);
    if (at == std::string::npos || line.compare(at, 8, "MMTESTS=") != 0) return std::nullopt;
    return line.substr(at + 8);
}

// The quoted or bare value, then only blanks or a comment: its words.
std::optional<std::vector<std::string>> plainWords(const std::string& rhs) {
    std::string value = rhs;
    std::string rest;
    if (!rhs.empty() && (rhs[0] == '"' || rhs[0] == '\'')) {
        const auto close = rhs.find(rhs[0], 1);
        if (close == std::string::npos) return std::nullopt;
        value = rhs.substr(1, close - 1);
        rest = rhs.substr(close + 1);
    } else {
        const auto end = rhs.find_first_of(" \t");
        value = rhs.substr(0, end);
        rest = end == std::string::npos ? "" : rhs.substr(end);
    }
    const auto tail = rest.find_first_not_of(" \t");
    if (tail != std::string::npos && rest[tail] != '#') return std::nullopt;  // "; cmd", "&& cmd", ...
    std::vector<std::string> words;
    std::istringstream in(value);
    for (std::string w; in >> w;) {
        if (w[0] == '.') return std::nullopt;  // never a path out of the bin folder
        for (char c : w)
            if (!plainNameChar(c)) return std::nullopt;
        words.push_back(w);
    }
    return words;
}

// Whether the line sets MMTESTS anywhere (`MMTESTS=`, `MMTESTS+=`, after
// `if ...; then`, `declare`): such a line must be the one plain assignment.
bool setsMmtests(const std::string& line) {
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') return false;  // a comment
    for (auto at = line.find("MMTESTS"); at != std::string::npos; at = line.find("MMTESTS", at + 1)) {
        const bool boundary = at == 0 || !(std::isalnum(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '_');
        const std::string after = line.substr(at + 7, 2);
        if (boundary && (after.rfind('=', 0) == 0 || after == "+=")) return true;
    }
    return false;
}

}  // namespace

std::vector<std::string> benchesFromConfigText(const std::string& text, const fs::path& file) {
    std::istringstream in(text);
    std::optional<std::vector<std::string>> benches;
    int lineNo = 0, setAt = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNo;
        if (!setsMmtests(line)) continue;
        const auto rhs = assignment(line);
        const std::string where = file.string() + ":" + std::to_string(lineNo);
        if (benches)
            throw UsageError(where + ": MMTESTS is set again (first on line " + std::to_string(setAt) +
                             "); the host reads one plain MMTESTS= line and never runs the config");
        if (rhs) benches = plainWords(*rhs);
        if (!benches)
            throw UsageError(where +
                             ": MMTESTS is not a plain list of benchmark names; the host reads it as text "
                             "and never runs the config (write MMTESTS=\"name ...\")");
        setAt = lineNo;
    }
    if (!benches || benches->empty()) throw UsageError("config " + file.string() + " sets no MMTESTS");
    return *benches;
}

std::vector<std::string> benchesFromConfig(const fs::path& config) {
    std::ifstream in(config, std::ios::binary);
    if (!in) throw UsageError("config " + config.string() + " is not a readable file");
    std::string text(kMaxConfigTextBytes + 1, '\0');
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(in.gcount()));
    if (text.size() > kMaxConfigTextBytes) throw UsageError("config " + config.string() + " is larger than 1 MiB");
    return benchesFromConfigText(text, config);
}

}  // namespace mmtp::matrix
