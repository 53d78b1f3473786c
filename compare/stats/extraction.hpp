// extraction.hpp - the samples of one run (one -n name), as Extract.pm keeps
// them: operations in order of first appearance, values per iteration
// directory, and the operations parse-results flagged for ratio reports.
#pragma once
#include "core/row_table.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace mmtp::compare {

// The longest operation name a run may hold. Names come from the tree and
// the user's regexes run over them (--sub-heading, --metric): libstdc++'s
// std::regex recurses once per character, and a 50 kB name overflowed the
// stack. MMTests' own names are under 100 bytes; longer ones are refused
// (counted, for one warning per run) before any regex sees them.
inline constexpr std::size_t kMaxOperationNameBytes = 1024;

// A parse-results row's operation: metric[-factorA][-factorB] ("_" and
// empty factors dropped), as ExtractShellpack.pm names it.
std::string operationLabel(const RowView& row);

struct IterationSamples {
    std::vector<double> sampleNrs;
    std::vector<double> values;
};

class Extraction {
public:
    // Extract.pm addData: the operation is remembered even when the sample
    // is not a number (data-less operations still get a row).
    void addData(const std::string& op, std::string_view sampleNr, std::string_view value);
    void addNumbers(const std::string& op, double sampleNr, double value);
    void nextIteration() { ++iteration_; }

    // ExtractShellpack.pm extractReport for one iteration's rows: labels are
    // metric[-factorA][-factorB]; keep (the --sub-heading regex, unanchored;
    // empty keeps every row) selects the rows whose data are kept.
    using LabelFilter = std::function<bool(const std::string& label)>;
    void addRows(const RowTable& rows, const LabelFilter& keep);

    // Extract.pm's _Operations: a fixed operation list (a monitor's) that
    // replaces the order of first appearance.
    void setOperations(std::vector<std::string> ops);
    // How many rows were refused for a name over kMaxOperationNameBytes.
    std::size_t refusedLongNames() const { return refusedLongNames_; }

    const std::vector<std::string>& operations() const { return fixedOps_ ? *fixedOps_ : ops_; }
    const std::optional<std::vector<std::string>>& ratioOperations() const { return ratioOps_; }
    // Every value of op, iteration after iteration.
    std::vector<double> allValues(const std::string& op) const;
    // Per-iteration samples of op (missing iterations are empty).
    const std::vector<IterationSamples>* samples(const std::string& op) const;
    int iterations() const { return iteration_; }

private:
    int iteration_ = 0;
    std::size_t refusedLongNames_ = 0;
    bool refuseLong(const std::string& op);
    void remember(const std::string& op);
    IterationSamples& thisIteration(const std::string& op);

    std::vector<std::string> ops_;
    std::unordered_set<std::string> seen_;
    std::map<std::string, std::vector<IterationSamples>> data_;
    std::optional<std::vector<std::string>> ratioOps_;
    std::optional<std::vector<std::string>> fixedOps_;
};

}  // namespace mmtp::compare
