// comparison.hpp - Compare.pm: the tables compare-mmtests.pl prints, built as
// rows of Perl values plus the list of printf formats it applies to them
// column by column. Keeping that shape (rather than formatting directly) is
// what reproduces its quirks: formats that run out, undef cells printed as
// blanks, markers that rewrite a format.
#pragma once
#include "core/perl_scalar.hpp"
#include "stats/summary.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct FormattedTable {
    std::vector<std::vector<PerlArg>> rows;
    std::vector<std::string> formats;  // per column; missing ones fall back to "%<FieldLength>.2f"
};

// Compare.pm's intermediate tables (the fields its --json-export writes),
// keyed by operation; each holds one value per run unless said otherwise.
struct ComparisonTables {
    bool ratio = false;        // built by the ratio report (--print-ratio)
    bool showCompare = true;   // _CompareTable and _ResultsSignificanceTable exist
    int operationLength = 0;   // _OperationLength
    int compareLength = 7;     // _CompareLength
    // Regular report: one row per summary statistic.
    std::map<std::string, std::vector<std::vector<double>>> results;  // _ResultsTable
    std::map<std::string, std::vector<std::vector<double>>> compare;  // _CompareTable
    std::map<std::string, std::vector<PerlArg>> significance;        // _ResultsSignificanceTable (2 per run)
    // Ratio report.
    std::map<std::string, std::vector<double>> ratios;         // _ResultsRatioTable
    std::map<std::string, std::vector<double>> ratioCompare;   // _CompareTable
    bool hasNormalized = false;                                // the baseline has confidence intervals
    std::map<std::string, std::vector<double>> normalized;     // _ResultsNormalizedTable
    std::vector<std::vector<double>> normalizedStats;          // _NormalizedDiffStatsTable: amean, min, max
    std::vector<double> geomean;                               // _GeometricMeanTable
};

struct ComparisonReport {
    FormattedTable header;  // _HeaderTable, _HeaderFormat
    FormattedTable body;    // _RenderTable, _FieldFormat
    int fieldLength = 18;
    ComparisonTables tables;
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
