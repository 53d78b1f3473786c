#include "kernels/version_order.hpp"

#include <algorithm>
#include <regex>

namespace mmtp::compare {

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// A key as GNU sort -n reads it: its sign, integer digits without leading
// zeros and fraction digits without trailing zeros ("-007.50" = -, "7", "5").
struct Number {
    bool negative = false;
    std::string integer, fraction;
    bool zero() const { return integer.empty() && fraction.empty(); }
};

Number readNumber(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    Number n;
    if (i < s.size() && s[i] == '-') {
        n.negative = true;
        ++i;
    }
    while (i < s.size() && s[i] == '0') ++i;
    while (i < s.size() && isDigit(s[i])) n.integer += s[i++];
    if (i < s.size() && s[i] == '.')
        for (++i; i < s.size() && isDigit(s[i]); ++i) n.fraction += s[i];
    while (!n.fraction.empty() && n.fraction.back() == '0') n.fraction.pop_back();
    return n;
}

// |a| against |b|.
int compareMagnitude(const Number& a, const Number& b) {
    if (a.integer.size() != b.integer.size()) return a.integer.size() < b.integer.size() ? -1 : 1;
    if (int c = a.integer.compare(b.integer)) return c < 0 ? -1 : 1;
    if (int c = a.fraction.compare(b.fraction)) return c < 0 ? -1 : 1;
    return 0;
}

std::string_view beforeFirstDot(std::string_view s) { return s.substr(0, s.find('.')); }

std::string_view afterFirstDot(std::string_view s) {
    std::size_t dot = s.find('.');
    return dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
}

// sort -n with its last resort: equal keys are ordered by the whole line's
// bytes (LC_ALL=C).
void sortNumerically(std::vector<std::string>& lines, std::string_view (*key)(std::string_view)) {
    std::sort(lines.begin(), lines.end(), [key](const std::string& a, const std::string& b) {
        if (int c = gnuNumericCompare(key(a), key(b))) return c < 0;
        return a < b;
    });
}

// grep ^MAJOR. : MAJOR is pasted into a basic regular expression. One grep
// cannot compile (a stray '[') prints nothing.
std::regex majorPattern(const std::string& major, bool& valid) {
    try {
        valid = true;
        return std::regex("^" + major + ".", std::regex::basic);
    } catch (const std::regex_error&) {
        valid = false;
        return std::regex();
    }
}

}  // namespace

int gnuNumericCompare(std::string_view a, std::string_view b) {
    Number x = readNumber(a), y = readNumber(b);
    if (x.zero() && y.zero()) return 0;
    bool xNeg = x.negative && !x.zero(), yNeg = y.negative && !y.zero();
    if (xNeg != yNeg) return xNeg ? -1 : 1;
    int c = compareMagnitude(x, y);
    return xNeg ? -c : c;
}

VersionOrder sortByVersion(const std::vector<std::string>& runs) {
    // for MAJOR in `... | awk -F . '{print $1}' | sort -n | uniq`
    std::vector<std::string> majors;
    for (const std::string& r : runs) majors.emplace_back(beforeFirstDot(r));
    sortNumerically(majors, [](std::string_view s) { return s; });
    majors.erase(std::unique(majors.begin(), majors.end()), majors.end());
    // for KERNEL in `... | sort -t . -k2 -n | grep ^$MAJOR.`
    std::vector<std::string> byMinor = runs;
    sortNumerically(byMinor, afterFirstDot);

    VersionOrder order;
    for (const std::string& major : majors) {
        if (major.empty()) continue;  // an unquoted empty word: the shell's loop never sees it
        bool valid = false;
        std::regex pattern = majorPattern(major, valid);
        if (!valid) continue;
        for (const std::string& r : byMinor)
            if (std::regex_search(r, pattern) &&
                std::find(order.runs.begin(), order.runs.end(), r) == order.runs.end())
                order.runs.push_back(r);
    }
    for (const std::string& r : runs)
        if (std::find(order.runs.begin(), order.runs.end(), r) == order.runs.end() &&
            std::find(order.unmatched.begin(), order.unmatched.end(), r) == order.unmatched.end())
            order.unmatched.push_back(r);
    return order;
}

}  // namespace mmtp::compare
