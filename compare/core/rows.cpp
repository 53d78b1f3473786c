#include "core/rows.hpp"

#include "core/row_table.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace mmtp::compare {

Row rowFromLine(std::string_view line) {
    const RowView v = rowViewFromLine(line);
    return {std::string(v.metric), std::string(v.factorA), std::string(v.factorB),
            std::string(v.interval), std::string(v.value), std::string(v.extra)};
}

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t'; }

// Field f (1-based) of line: field 1 starts at the line start, later fields
// start at the blank run that ends the previous one (sort(1) without -t).
std::string_view field(std::string_view line, int f) {
    std::size_t pos = 0;
    for (int i = 1; i < f; ++i) {
        while (pos < line.size() && isBlank(line[pos])) ++pos;
        while (pos < line.size() && !isBlank(line[pos])) ++pos;
    }
    std::size_t end = pos;
    while (end < line.size() && isBlank(line[end])) ++end;
    while (end < line.size() && !isBlank(line[end])) ++end;
    return line.substr(pos, end - pos);
}

// sort -n: optional blanks, optional '-', digits, optional fraction; else 0.
double numericValue(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && isBlank(s[i])) ++i;
    std::size_t start = i;
    if (i < s.size() && s[i] == '-') ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    }
    std::string num(s.substr(start, i - start));
    if (num.empty() || num == "-" || num == "." || num == "-.") return 0;
    return std::strtod(num.c_str(), nullptr);
}

}  // namespace

void sortLinesLikeCoreutils(std::vector<std::string>& lines, const std::vector<SortKey>& keys) {
    std::sort(lines.begin(), lines.end(), [&keys](const std::string& a, const std::string& b) {
        for (const SortKey& k : keys) {
            std::string_view fa = field(a, k.field), fb = field(b, k.field);
            if (k.numeric) {
                double va = numericValue(fa), vb = numericValue(fb);
                if (va != vb) return va < vb;
            } else if (int c = fa.compare(fb)) {
                return c < 0;
            }
        }
        return a < b;
    });
}

Rows rowsSortedLikeCoreutils(std::vector<std::string> lines, const std::vector<SortKey>& keys) {
    sortLinesLikeCoreutils(lines, keys);
    Rows rows;
    for (const std::string& l : lines) rows.push_back(rowFromLine(l));
    return rows;
}

}  // namespace mmtp::compare
