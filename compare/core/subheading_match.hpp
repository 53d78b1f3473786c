// subheading_match.hpp - --sub-heading as a regex over labels and operation
// names that come from an untrusted tree. libstdc++'s std::regex recurses
// once per character for ".*", so compare-kernels.sh's own `--sub-heading
// '.*RPS'` overflowed the stack on a 100k-character redis test name. A
// ".*" followed by plain characters means "contains them" whether searched
// or anchored at the start, so that form is matched as a substring search.
#pragma once
#include <regex>
#include <string>

namespace mmtp::compare {

class SubheadingMatch {
public:
    // Throws std::regex_error for an invalid pattern.
    explicit SubheadingMatch(const std::string& pattern);
    // std::regex_search(text, pattern), anchored at the start when atStart.
    bool matches(const std::string& text, bool atStart) const;

private:
    bool literal_ = false;
    std::string contains_;  // the characters after ".*", when literal_
    std::regex re_;
};

}  // namespace mmtp::compare
