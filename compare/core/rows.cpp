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
    // Each line's keys found once, each read as a number the first time a
    // comparison needs it (the first key decides most), not at every
    // comparison: the same comparison on the same values, so the same order.
    struct KeyValue {
        std::string_view text;
        double number = 0;
        bool numberRead = false;
    };
    const std::size_t perLine = keys.size();
    std::vector<KeyValue> values(lines.size() * perLine);
    for (std::size_t i = 0; i < lines.size(); ++i)
        for (std::size_t k = 0; k < perLine; ++k) values[i * perLine + k].text = field(lines[i], keys[k].field);
    auto number = [](KeyValue& v) {
        if (!v.numberRead) v.number = numericValue(v.text), v.numberRead = true;
        return v.number;
    };
    std::vector<std::size_t> order(lines.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        for (std::size_t k = 0; k < perLine; ++k) {
            KeyValue &va = values[a * perLine + k], &vb = values[b * perLine + k];
            if (keys[k].numeric) {
                if (double na = number(va), nb = number(vb); na != nb) return na < nb;
            } else if (int c = va.text.compare(vb.text)) {
                return c < 0;
            }
        }
        return lines[a] < lines[b];
    });
    std::vector<std::string> sorted;
    sorted.reserve(lines.size());
    for (std::size_t i : order) sorted.push_back(std::move(lines[i]));
    lines = std::move(sorted);
}

Rows rowsSortedLikeCoreutils(std::vector<std::string> lines, const std::vector<SortKey>& keys) {
    sortLinesLikeCoreutils(lines, keys);
    Rows rows;
    for (const std::string& l : lines) rows.push_back(rowFromLine(l));
    return rows;
}

}  // namespace mmtp::compare
