// page.hpp - compare-kernels' last stage: the runs of every benchmark,
// loaded and compared once (kernels/report.cpp), written out as the
// text report, the HTML page and the JSON export. Each rendering reads the
// same data; none loads the benchmarks again (the page alone reads the
// monitor logs it graphs, kernels/monitor_tables.hpp).
#pragma once
#include "input/machine_state.hpp"
#include "input/run_settings.hpp"
#include "input/run_validity.hpp"
#include "kernels/report.hpp"
#include "kernels/steps.hpp"
#include "kernels/vmstat.hpp"
#include "tables/comparison.hpp"
#include "tables/bisect_position.hpp"
#include "tables/verdict.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct BenchmarkResults {
    std::string name;
    std::vector<RunSummary> runs;               // summarised, baseline first
    std::optional<ComparisonReport> compare;    // compare-mmtests' table
    std::optional<ComparisonReport> duration;   // --print-monitor duration's, when recorded
    std::vector<ReportPart> parts;              // compare-kernels.sh's text for it: its case arm, then monitor tables
    struct AltReport {
        std::string alt;               // -a ALT
        std::vector<RunSummary> runs;  // its runs, as its table was built
    };
    std::vector<AltReport> altReports;          // compare-kernels.sh's -a tables for it (fiolike: iops, cpu)
    std::vector<RunVmstat> vmstat;              // each run's vmstat samples, read by header (ours)
    std::optional<std::vector<RunCosts>> costs; // vmstat sy/cs/in per run, when recorded
    std::vector<RunValidity> validity;          // one per run asked for, in order
    std::vector<RunVerdict> verdicts;           // A/B/A's, or each run against the first: the engine's calls
    std::optional<TwoBaselinesTable> baselines; // --verdict baselines' numbers
    std::vector<LkpTable> lkp;                  // --verdict lkp's numbers
    std::vector<RfcRow> rfc;                    // --verdict rfc's numbers (pipe-pingpong)
    struct Candidate {
        std::string name;                       // the candidate's runs' shared name
        std::vector<std::string> runs;
        std::vector<PositionInput> inputs;      // one per verdict metric
        std::vector<BisectPosition> positions;  // their places, once the report's family is known
        double confidence = 0.95;               // of each position's interval
    };
    std::vector<Candidate> bisect;              // --bisect --good --bad: each candidate's place
    UnitDesign units;                           // what the verdicts' units are
    std::vector<std::string> verdictNotes;      // why a verdict asked for is missing ("needs three runs")
    std::string settingsNote;                   // the runs left out of verdicts for their other settings, "" = none
    std::string error;                          // why the benchmark was not compared
};

struct KernelsData {
    std::vector<std::string> runs;  // baseline first
    std::vector<std::string> roleRuns;  // the runs in the order their roles come from (before --sort-version)
    Verdict design = Verdict::AgainstFirst;  // the A/B/A or against-the-first verdict shown first
    bool impliedDesign = false;              // chosen from the run names, not --verdict
    std::vector<std::string> bisectGood, bisectBad;  // --good/--bad references, when given
    std::vector<RunMachineState> states;
    std::vector<RunSettings> settings;  // what compare-kernels.sh prints before the benchmarks
    std::string optionBlocks;           // the baseline's compiler/runtime/sysctl.opts
    std::vector<BenchmarkResults> benchmarks;
    std::vector<LkpTable> lkpAcross;  // --verdict lkp: one table per later run, across benchmarks
};

// The heading of --verdict lkp's one table across benchmarks (text and HTML).
inline constexpr const char* kLkpAcrossTitle = "LKP comparison across benchmarks";
// The text report's first block (the verdicts) and the heading that ends it:
// what follows is compare-kernels.sh's report, line for line.
inline constexpr const char* kVerdictHeading = "=== compare-kernels verdict (mmtests-plugins) ===";
inline constexpr const char* kShReportHeading = "=== MMTests compare-kernels.sh report ===";

// The verdicts first (when there are any, ended by kShReportHeading), then
// compare-kernels.sh's report, then ours.
std::string renderKernelsText(const KernelsOptions& options, const KernelsData& data);
// --format mail: the verdicts and the state differences, <= 80 columns of ASCII.
std::string renderKernelsMail(const KernelsOptions& options, const KernelsData& data);
// One self-contained page; every string from the log tree or the command
// line goes through escapeHtml. A monitor log it cannot graph is one warning
// on err.
std::string renderKernelsHtml(const KernelsOptions& options, const KernelsData& data, std::ostream& err);
// Invalid UTF-8 from the tree is replaced by U+FFFD, with one warning on err.
std::string renderKernelsJson(const KernelsOptions& options, const KernelsData& data, std::ostream& err);

}  // namespace mmtp::compare
