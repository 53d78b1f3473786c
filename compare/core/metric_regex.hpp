// metric_regex.hpp - a user's regular expression (--metric, --threshold
// REGEX=PCT) run over names from a tree, in time polynomial in both.
// std::regex backtracks: '(.*)*X' over a 40-byte name never ends. So the
// pattern is bounded (kMaxRegexBytes, and kMaxRegexAtoms once its {m,n}
// repetitions are expanded, which bounds the automaton), back-references and
// lookaheads are refused, and matching runs libstdc++'s polynomial
// (breadth-first) executor, once over the name: "[\s\S]*(?:PATTERN)[\s\S]*"
// matched whole finds what regex_search finds, in time linear in the name.
#pragma once
#include <optional>
#include <regex>
#include <string>
#include <string_view>

namespace mmtp::compare {

inline constexpr std::size_t kMaxRegexBytes = 256;
inline constexpr std::size_t kMaxRegexAtoms = 256;

// Why the pattern is refused ("is not a valid regular expression", "is
// longer than 256 bytes", ...), or nullopt when it is accepted.
std::optional<std::string> refusedRegex(const std::string& pattern);

class MetricRegex {
public:
    // Throws std::invalid_argument with refusedRegex's reason.
    explicit MetricRegex(const std::string& pattern);
    // Whether the pattern matches anywhere in name (regex_search's answer).
    bool search(std::string_view name) const;

private:
    std::regex anywhere_;
};

}  // namespace mmtp::compare
