// comparison.hpp - Compare.pm: the tables compare-mmtests.pl prints, built as
// rows of Perl values plus the list of printf formats it applies to them
// column by column. Keeping that shape (rather than formatting directly) is
// what reproduces its quirks: formats that run out, undef cells printed as
// blanks, markers that rewrite a format.
#pragma once
#include "core/perl_scalar.hpp"
#include "stats/summary.hpp"

#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct FormattedTable {
    std::vector<std::vector<PerlArg>> rows;
    std::vector<std::string> formats;  // per column; missing ones fall back to "%<FieldLength>.2f"
};

struct ComparisonReport {
    FormattedTable header;
    FormattedTable body;
    int fieldLength = 18;
};

struct CompareOptions {
    bool printRatio = false;
    bool showCompare = true;         // false with --no-compare and for monitors
    bool printSignificance = false;
    std::optional<std::string> subHeading;
};

// The runs must already be summarised (summarise() or summariseRatio()).
// Throws std::runtime_error when the baseline has nothing to compare.
ComparisonReport buildComparison(const std::vector<RunSummary>& runs, const CompareOptions& options);

}  // namespace mmtp::compare
