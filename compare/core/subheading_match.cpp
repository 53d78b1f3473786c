#include "core/subheading_match.hpp"

namespace mmtp::compare {

SubheadingMatch::SubheadingMatch(const std::string& pattern) {
    const std::string rest = pattern.rfind(".*", 0) == 0 ? pattern.substr(2) : std::string();
    literal_ = pattern.rfind(".*", 0) == 0 && rest.find_first_of("\\^$.|?*+()[]{}") == std::string::npos;
    if (literal_) contains_ = rest;
    else re_ = std::regex(pattern);
}

bool SubheadingMatch::matches(const std::string& text, bool atStart) const {
    if (literal_) return text.find(contains_) != std::string::npos;
    return atStart ? std::regex_search(text, re_, std::regex_constants::match_continuous) : std::regex_search(text, re_);
}

}  // namespace mmtp::compare
