// version_order.hpp - compare-kernels.sh --sort-version: the order its shell
// pipeline gives run names, under LC_ALL=C.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare {

// GNU `sort -n` on two keys in the C locale: leading blanks, an optional
// '-', digits, an optional '.' and fraction; anything else ends the number
// (no digits = 0). Negative, zero or positive as a is below, equal to or
// above b.
int gnuNumericCompare(std::string_view a, std::string_view b);

struct VersionOrder {
    std::vector<std::string> runs;       // in compare-kernels.sh's order, each once
    std::vector<std::string> unmatched;  // names its pipeline leaves out; kept last, in the order given
};

// For each MAJOR (the part before the first '.', `sort -n | uniq`), the names
// of `sort -t . -k2 -n` that match `grep ^MAJOR.` (a basic regular
// expression: '.' is any character, so a name with no '.' after its major,
// like "vanilla" or "6", matches none). A name that two majors match (6 and
// 60 both match 60.1) is listed once, where it is met first.
VersionOrder sortByVersion(const std::vector<std::string>& runs);

}  // namespace mmtp::compare
