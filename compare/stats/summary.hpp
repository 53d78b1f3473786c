// summary.hpp - one run's summary table (Summarise.pm): which statistics a
// summary type prints, their values per operation, and the confidence
// interval of the comparison statistic used for significance and ratios.
#pragma once
#include "stats/extraction.hpp"
#include "benchmarks/shellpack_config.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct SummaryDefinition {
    std::vector<std::string> stats;       // table rows, e.g. "min", "_mean", "stddev-_mean"
    // "_mean" [, "meanci_low-_mean", "meanci_high-_mean"]; every summary type
    // with an interval compares ratios with cidiff (Summarise.pm).
    std::vector<std::string> ratioStats;
};

SummaryDefinition summaryDefinition(SummaryType type);

// One -n run: its samples and, once summarised, its summary table.
struct RunSummary {
    std::string testName;
    std::string opName = "Ops";    // the row title of Singleops ("Duration" for the monitor)
    int fieldLength = 18;
    int precision = 2;
    bool preferHigher = false;
    bool exactSubheading = false;  // --sub-heading names one operation (_ExactSubheading)
    // false where --sub-heading is an option of the module, not a selection
    // (MonitorIotop's own filterSubheading keeps every operation).
    bool subheadingSelectsOps = true;
    SummaryType summaryType = SummaryType::Multiops;
    SummaryDefinition definition;
    Extraction extraction;
    // The boot each iteration ran in (iter-N/boot-id), by iteration index;
    // "" where none was recorded (MMTests' own trees).
    std::vector<std::string> iterationBoots;

    // Filled by summarise() / summariseRatio():
    std::map<std::string, std::vector<double>> values;            // op -> one value per stat (NaN = undef)
    std::map<std::string, std::pair<double, double>> ci;         // op -> CI of the comparison stat
    std::optional<std::size_t> comparisonStatIndex;

    // Operations matching --sub-heading (/^X/, or == X when exactSubheading),
    // in first-appearance order (or the order the monitor fixed).
    std::vector<std::string> summaryOps(const std::optional<std::string>& subHeading) const;
    std::vector<std::string> ratioSummaryOps(const std::optional<std::string>& subHeading) const;

    void summarise(const std::optional<std::string>& subHeading);
    void summariseRatio(const std::optional<std::string>& subHeading);
};

}  // namespace mmtp::compare
