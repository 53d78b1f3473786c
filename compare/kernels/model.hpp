// model.hpp - compare-kernels' data, in one place: the options, each
// benchmark's loaded and compared runs and the whole report's data
// (KernelsData). The flow (report.hpp, steps.hpp, vmstat.hpp) fills it; the
// renderers (page.hpp: text, mail, HTML, JSON) read it. Types only: the
// functions live in the headers that include this one, and nothing here
// includes a compare/kernels header outside kernels/charts/monitor_data.hpp
// (the monitors' types, below the charts that fill them).
#pragma once
#include "core/diagnostics_summary.hpp"
#include "input/machine_state.hpp"
#include "input/recorded_settings.hpp"
#include "input/recorded_state.hpp"
#include "input/run_settings.hpp"
#include "input/run_validity.hpp"
#include "kernels/charts/monitor_data.hpp"
#include "stats/boot_units.hpp"
#include "stats/summary.hpp"
#include "stats/bisect_position.hpp"
#include "tables/comparison.hpp"
#include "tables/verdict.hpp"
#include "stats/verdict_call.hpp"

#include <cmath>
#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// --- the command line ---

// AgainstFirst: each later run against the first, with the engine's calls.
enum class Verdict { Aba, TwoBaselines, Lkp, Rfc, AgainstFirst };
enum class KernelsFormat { Text, Html, Mail };

struct KernelsOptions {
    std::filesystem::path logDir = ".";
    std::optional<std::string> baseline;
    std::vector<std::string> compare;
    std::vector<std::string> exclude;
    KernelsFormat format = KernelsFormat::Text;
    bool autoDetect = false;  // --print-significance on every table
    bool sortVersion = false;
    std::string title;
    std::vector<Verdict> verdicts;  // empty: the one the runs imply (kernels/verdict_roles.hpp)
    bool noVerdict = false;         // --verdict none: compare-kernels.sh's report first, no verdict
    CallSettings calls;             // --threshold
    bool lkpAll = false;            // --all: LKP rows that are no call too
    bool lkpBoxed = false;          // --lkp-layout boxed: seed 002's "mainline | +patch | %change"
    std::optional<std::string> metric;  // --metric: verdict rows whose metric matches (unanchored ECMAScript regex)
    bool includeInvalid = false;        // --include-invalid: failed/interrupted/incomplete/log-less runs in verdicts
    UnitRules units;                    // --iteration-stat, --iterations-are-boots
    bool mixSettings = false;           // --mix-settings: runs with other workload settings in verdicts
    // --bisect --good RUN --bad RUN: the references each other run is placed between.
    std::vector<std::string> bisectGood, bisectBad;
    // --anchor RUN: the good reference rerun beside this step's candidate; the
    // candidate is placed against these runs instead of the good references.
    std::vector<std::string> bisectAnchor;
    bool bisect = false;  // --bisect: the mail leads with the answer git bisect run gets
    std::optional<std::filesystem::path> mmtestsDir;
    bool json = false;  // --json-export: the report as JSON too (KernelsReport::json)
};

// --- the flow's pieces (kernels/steps.hpp, kernels/vmstat.hpp) ---

// One piece of a benchmark's output, in order: a line, or a table (or why it
// failed, or nothing when compare-kernels.sh's condition hides it).
struct ReportPart {
    bool isTable = false;
    std::string line;                      // !isTable: printed with "\n"
    std::string before;                    // isTable: printed before a shown table (iostat's blank line)
    std::string what;                      // isTable: the call, "-a latency", "--print-monitor iostat"
    std::optional<ComparisonReport> table; // isTable: the table, when it was made and shown
    std::string error;                     // isTable: why it failed
};

// The warnings of all of one benchmark's loads, each passed on to err once.
struct WarningsOnce {
    std::string said;
    void passOn(const std::string& more, std::ostream& err);
};

// Mitigation costs: per run, the mean of vmstat's sy (% of CPU time in the
// kernel), cs and in (per second) over every sample of every iteration (from
// each iteration's totals: the samples past the first iteration are not kept).
struct RunCosts {
    std::string run;
    double sysPct = NAN, contextSwitches = NAN, interrupts = NAN;  // NaN: nothing measured
    std::size_t samples = 0;
    std::string notMeasured;  // why there are no figures: "failed: ...", "no vmstat log", "unreadable: ..."
    std::string invalid;      // the run's problem when its figures are kept (--include-invalid)
};

// --- the report's data (kernels/report.hpp builds it, kernels/page.hpp renders it) ---

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
    MonitorCharts monitors;                     // the page's monitor charts (--format html only)
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
    // Where the runs' machines differ (input/host_record.hpp): no verdict then.
    std::vector<std::string> hostDifferences;
    // Each run's recorded kernel release, command line and machine, by name:
    // runs are one kernel's only when these agree (input/recorded_state.hpp).
    std::map<std::string, RecordedState> recorded;
    std::vector<RunSettings> settings;  // what compare-kernels.sh prints before the benchmarks
    std::string optionBlocks;           // the baseline's compiler/runtime/sysctl.opts
    std::vector<RecordedSettings> recordedSettings;  // each run's workload settings per benchmark (the one reader)
    std::vector<BenchmarkResults> benchmarks;
    std::vector<LkpTable> lkpAcross;  // --verdict lkp: one table per later run, across benchmarks
    std::vector<std::string> limits;          // what the machine could not do (kernels/machine_limits.hpp)
    std::vector<std::string> warningSummary;  // the held warnings, counted (core/diagnostics_summary.hpp)
};

struct KernelsReport {
    std::string page;  // the report: text, or one HTML page with --format html
    std::string json;  // everything the report shows (only with KernelsOptions::json)
    int failedBenchmarks = 0;  // benchmarks whose own runs could not be compared (no verdicts)
    int failedSections = 0;    // tables that failed (each said on err and in the report)
    int reportedTables = 0;    // tables printed; none means nothing could be reported
    int bisectStatus = 0;      // --bisect's exit: 0 good, 1 regression, 125 inconclusive or an invalid run
    std::string said;          // warnings and notes, each a line, for err once the report is out
    WarningTally held;         // the repetitive warnings, summarised unless --warnings
};

}  // namespace mmtp::compare
