// report.hpp - compare-kernels: MMTests' compare-kernels.sh report
// for a whole work/log directory (every benchmark's compare-mmtests tables,
// the duration monitor, where the machine state differs), optionally with
// verdict tables, as text, one self-contained HTML page, and JSON.
#pragma once
#include "core/warnings.hpp"
#include "stats/boot_units.hpp"
#include "tables/verdict_call.hpp"

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

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
    bool mixSettings = false;           // --mix-settings: runs with other workload settings in verdicts
    UnitRules units;                    // --iteration-stat, --iterations-are-boots
    // --bisect --good RUN --bad RUN: the references each other run is placed between.
    std::vector<std::string> bisectGood, bisectBad;
    std::optional<std::filesystem::path> mmtestsDir;
};

struct KernelsReport {
    std::string page;  // the report: text, or one HTML page with --format html
    std::string json;  // everything the report shows
    int failedBenchmarks = 0;  // benchmarks whose own runs could not be compared (no verdicts)
    int failedSections = 0;    // tables that failed (each said on err and in the report)
    int reportedTables = 0;    // tables printed; none means nothing could be reported
    int bisectStatus = 0;      // --bisect's exit: 0 good, 1 regression, 125 inconclusive or an invalid run
};

// The runs to report, baseline first (kernel list rules of compare-kernels.sh).
// Throws std::runtime_error when the directory holds no runs or a named run is missing.
// Runs it cannot use (a symlink loop, a FIFO as tests-activity) are skipped
// with a warning.
// roleOrder (when given) receives the runs before --sort-version ordered them.
std::vector<std::string> selectRuns(const KernelsOptions& options, Warnings& warnings,
                                    std::vector<std::string>* roleOrder = nullptr);

// Loads and compares each benchmark's runs once (its warnings go to err once),
// then renders the page and the JSON from that data.
KernelsReport buildKernelsReport(const KernelsOptions& options, std::ostream& err);

}  // namespace mmtp::compare
