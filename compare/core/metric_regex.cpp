#include "core/metric_regex.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <vector>

namespace mmtp::compare {

namespace {

constexpr auto kSyntax = std::regex::ECMAScript | std::regex_constants::__polynomial;

std::size_t saturatingAdd(std::size_t a, std::size_t b) { return std::min(a + b, kMaxRegexAtoms + 1); }
std::size_t saturatingMul(std::size_t a, std::size_t b) {
    return b != 0 && a > (kMaxRegexAtoms + 1) / b ? kMaxRegexAtoms + 1 : std::min(a * b, kMaxRegexAtoms + 1);
}

// The number in pattern at i (advanced past it), saturated; nullopt if none.
std::optional<std::size_t> number(const std::string& pattern, std::size_t& i) {
    if (i >= pattern.size() || !std::isdigit(static_cast<unsigned char>(pattern[i]))) return std::nullopt;
    std::size_t v = 0;
    while (i < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[i])))
        v = saturatingAdd(saturatingMul(v, 10), static_cast<std::size_t>(pattern[i++] - '0'));
    return v;
}

// At pattern[i] == '{': the most times "{m}", "{m,}" or "{m,n}" repeats an
// atom ("{m,}" counts as m + 1: the automaton holds m copies and a loop), i
// advanced past '}'; nullopt (i unchanged) when it is a literal '{'.
std::optional<std::size_t> repetition(const std::string& pattern, std::size_t& i) {
    std::size_t j = i + 1;
    std::optional<std::size_t> low = number(pattern, j), high = low;
    if (!low) return std::nullopt;
    if (j < pattern.size() && pattern[j] == ',') high = number(pattern, ++j).value_or(saturatingAdd(*low, 1));
    if (j >= pattern.size() || pattern[j] != '}') return std::nullopt;
    i = j + 1;
    return std::max(*low, *high);
}

// An upper bound on the automaton's size: atoms, with each {m,n} repetition
// multiplying what it repeats; 0 for a back-reference or a lookahead, which
// the polynomial executor cannot run in linear time (or at all).
struct Group {
    std::size_t total = 0, last = 0;  // last: the atom a quantifier would repeat, not yet in total
    void atom(std::size_t weight) { total = saturatingAdd(total, last), last = weight; }
    std::size_t close() const { return saturatingAdd(saturatingAdd(total, last), 2); }
};

std::optional<std::string> expandedSizeRefusal(const std::string& pattern) {
    std::vector<Group> groups(1);
    for (std::size_t i = 0; i < pattern.size();) {
        const char c = pattern[i];
        if (c == '\\') {
            if (i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9')
                return "holds a back-reference (\\" + std::string(1, pattern[i + 1]) + "), which is not supported here";
            groups.back().atom(1), i += 2;
        } else if (c == '[') {
            std::size_t j = i + 1;
            if (j < pattern.size() && pattern[j] == '^') ++j;
            while (j < pattern.size() && pattern[j] != ']') j += pattern[j] == '\\' ? 2 : 1;
            groups.back().atom(1), i = j + 1;
        } else if (c == '(') {
            if (pattern.compare(i, 3, "(?=") == 0 || pattern.compare(i, 3, "(?!") == 0)
                return "holds a lookahead ((?= or (?!), which is not supported here";
            groups.emplace_back(), i += pattern.compare(i, 3, "(?:") == 0 ? 3 : 1;
        } else if (c == ')' && groups.size() > 1) {
            const std::size_t weight = groups.back().close();
            groups.pop_back();
            groups.back().atom(weight), ++i;
        } else if (c == '|') {
            groups.back().atom(1), groups.back().atom(0), ++i;
        } else if (c == '*' || c == '+' || c == '?') {
            groups.back().last = saturatingAdd(groups.back().last, 1), ++i;
        } else if (std::optional<std::size_t> times = c == '{' ? repetition(pattern, i) : std::nullopt) {
            groups.back().last = saturatingAdd(saturatingMul(groups.back().last, *times), 1);
        } else {
            groups.back().atom(1), ++i;
        }
    }
    if (groups.front().close() > kMaxRegexAtoms)
        return "grows past " + std::to_string(kMaxRegexAtoms) +
               " atoms once its {m,n} repetitions are expanded (the regular expression limit)";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> refusedRegex(const std::string& pattern) {
    if (pattern.size() > kMaxRegexBytes)
        return "is longer than " + std::to_string(kMaxRegexBytes) + " bytes (the regular expression limit)";
    try {
        std::regex check(pattern);
    } catch (const std::regex_error&) {
        return std::string("is not a valid regular expression");
    }
    return expandedSizeRefusal(pattern);
}

MetricRegex::MetricRegex(const std::string& pattern) {
    if (std::optional<std::string> why = refusedRegex(pattern)) throw std::invalid_argument(*why);
    try {
        anywhere_ = std::regex("[\\s\\S]*(?:" + pattern + ")[\\s\\S]*", kSyntax);
    } catch (const std::regex_error&) {  // what only the polynomial executor refuses
        throw std::invalid_argument("cannot be matched in polynomial time");
    }
}

bool MetricRegex::search(std::string_view name) const { return std::regex_match(name.begin(), name.end(), anywhere_); }

}  // namespace mmtp::compare
