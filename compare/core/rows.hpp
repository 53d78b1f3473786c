// rows.hpp - the contract between parsers and the reporter (as in MMTests):
// each parse-results line is "metric factorA factorB interval value extra",
// TAB-separated. Missing fields are empty strings.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare {

struct Row {
    std::string metric, factorA, factorB, interval, value, extra;
};
using Rows = std::vector<Row>;

// Splits one parse-results line the way ExtractShellpack.pm does
// (split(/\t/, $line), trailing newline ignored).
Row rowFromLine(std::string_view line);

// A key for sortLinesLikeCoreutils: field number (1-based, blank-separated
// as sort(1) does without -t) and whether it compares numerically (-n).
struct SortKey {
    int field = 1;
    bool numeric = false;
};

// `LC_ALL=C sort -kF,F[n] ...`: keys in order, then the whole line bytewise.
void sortLinesLikeCoreutils(std::vector<std::string>& lines, const std::vector<SortKey>& keys);

// A parse-results that ends in `| sort ...`: its lines sorted so, as rows.
Rows rowsSortedLikeCoreutils(std::vector<std::string> lines, const std::vector<SortKey>& keys);

}  // namespace mmtp::compare
