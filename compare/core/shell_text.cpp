#include "core/shell_text.hpp"

#include "core/rows.hpp"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace mmtp::compare {

std::string cutField(std::string_view line, char delim, int n) {
    if (line.find(delim) == std::string_view::npos) return std::string(line);
    std::size_t start = 0;
    for (int i = 1; i < n; ++i) {
        std::size_t d = line.find(delim, start);
        if (d == std::string_view::npos) return {};
        start = d + 1;
    }
    std::size_t end = line.find(delim, start);
    return std::string(line.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
}

double awkNumber(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n')) ++i;
    std::string rest(s.substr(i));
    if (rest.empty()) return 0;
    // Decimal numbers only: mawk does not read hex or inf/nan words.
    char c = rest[0];
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+')) return 0;
    const char* begin = rest.c_str();
    char* end = nullptr;
    double v = std::strtod(begin, &end);
    if (rest.size() > 1 && (rest[1] == 'x' || rest[1] == 'X')) return 0;
    return end == begin ? 0 : v;
}

std::string awkFormat(double v) {
    char buf[64];
    if (std::isfinite(v) && v >= static_cast<double>(LONG_MIN) && v <= static_cast<double>(LONG_MAX) &&
        static_cast<double>(static_cast<long>(v)) == v) {
        std::snprintf(buf, sizeof buf, "%ld", static_cast<long>(v));
    } else {
        std::snprintf(buf, sizeof buf, "%.6g", v);
    }
    return buf;
}

std::vector<std::string> globNames(const std::vector<std::string>& names, std::string_view prefix,
                                   std::string_view suffix) {
    std::vector<std::string> out;
    for (const std::string& n : names)
        if (n.size() >= prefix.size() + suffix.size() && n.compare(0, prefix.size(), prefix) == 0 &&
            n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
            out.push_back(n);
    return out;
}

std::vector<std::string> sortNumeric(std::vector<std::string> words) {
    sortLinesLikeCoreutils(words, {{1, true}});
    return words;
}

std::vector<std::string> sortUnique(std::vector<std::string> words) {
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    return words;
}

std::vector<std::string> perlSplit(std::string_view s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        std::size_t d = s.find(sep, start);
        out.emplace_back(s.substr(start, d == std::string_view::npos ? std::string_view::npos : d - start));
        if (d == std::string_view::npos) break;
        start = d + 1;
    }
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

std::vector<std::string> perlSplitWhitespace(std::string_view s) {
    auto isWs = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
    std::vector<std::string> out;
    std::size_t i = 0;
    if (!s.empty() && isWs(s[0])) {
        out.emplace_back();
        while (i < s.size() && isWs(s[i])) ++i;
    }
    while (i < s.size()) {
        std::size_t start = i;
        while (i < s.size() && !isWs(s[i])) ++i;
        out.emplace_back(s.substr(start, i - start));
        while (i < s.size() && isWs(s[i])) ++i;
    }
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

}  // namespace mmtp::compare
