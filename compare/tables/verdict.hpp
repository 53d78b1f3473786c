// verdict.hpp - the numbers behind the tables engineers otherwise compute by
// hand from compare-mmtests output (seeds 000, 004, 002), from the raw samples
// of each run (seed 001's RFC table too): the arithmetic mean, sample stddev and CoV of every operation.
// Their text is render/verdict_text.hpp.
#pragma once
#include "stats/summary.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct SampleStats {
    double mean = 0, stddev = 0, cov = 0;  // cov in percent; stddev 0 for one sample
    std::size_t n = 0;
};
SampleStats sampleStats(const RunSummary& run, const std::string& op);

// (a) A/B/A: B against the mean of the two A runs.
constexpr double kVerdictAlpha = 0.05;
struct AbaRow {
    std::string op;
    bool higherIsBetter = false;  // from the report's preferhigher (elapsed time: lower)
    std::string unit;             // the metric's shellpack.yaml units, "" when unknown
    SampleStats a1, b, a2;
    double changePct = 0;  // B / mean(A1, A2) - 1
    double driftPct = 0;   // |A2 - A1| / mean(A1, A2)
    double noisePct = 0;   // the largest per-run CoV
    bool exceeds = false;  // |change| > drift + noise
    double pValue = 0;     // Welch's t-test, B's samples against A1's and A2's; NaN when untestable
    double holmP = 0;      // pValue adjusted (Holm) over every tested row of the table
    bool significant = false;  // holmP < kVerdictAlpha
};
// "regression" or "improvement" by the row's direction, "unchanged" for 0.
const char* changeWord(const AbaRow& row);

struct AbaTable {
    std::vector<AbaRow> rows;
    std::size_t tested = 0;       // rows with a p-value
    std::size_t exceeding = 0;    // rows whose raw call is "exceeds"
    std::size_t significant = 0;  // rows significant after Holm
};
// One row per operation; operations missing from any of the three runs are
// left out. The rows' direction is a1's preferHigher.
std::vector<AbaRow> abaRows(const RunSummary& a1, const RunSummary& b, const RunSummary& a2,
                            const std::vector<std::string>& ops);
// Adjusts the rows' p-values together (Holm) and counts the calls.
AbaTable abaTable(std::vector<AbaRow> rows);

// (b) mean, stdev and % against each of the first two runs (seed 004's):
// one block per operation, one row per run.
struct TwoBaselinesRow {
    std::string run;
    SampleStats stats;
    double pctBase1 = 0, pctBase2 = 0;  // mean against each baseline's mean
    std::optional<double> cpuPct;       // the run's mean CPU use in the block's job, when known (seed 004)
};
struct TwoBaselinesBlock {
    std::string op;
    std::vector<TwoBaselinesRow> rows;
};
struct TwoBaselinesTable {
    std::vector<std::string> runs;  // every run, the two baselines first
    std::vector<TwoBaselinesBlock> blocks;
    bool hasCpu = false;            // some row has cpuPct
};
// Needs two runs; with fewer the table has no blocks.
TwoBaselinesTable twoBaselines(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops);
// Fills each row's cpuPct with the mean of cpuOp(block op) in the run of the
// same name among cpuRuns (a CPU report of the same runs), where it has samples.
void addCpuColumn(TwoBaselinesTable& table, const std::vector<RunSummary>& cpuRuns,
                  const std::function<std::string(const std::string& op)>& cpuOp);

// (c) the LKP test robot's comparison: each later run against the first.
struct LkpRow {
    std::string op;
    SampleStats base, now;
    double changePct = 0;  // now.mean against base.mean
};
struct LkpTable {
    std::string baseRun, newRun;
    std::vector<LkpRow> rows;  // operations without samples in either run are left out
};
std::vector<LkpTable> lkpTables(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops);
// Seed 002's one table across benchmarks: adds bench's tables to `across`
// (one per base/new pair, in order of first appearance), each row's metric
// prefixed "BENCH.".
void mergeLkpTables(const std::string& bench, const std::vector<LkpTable>& tables, std::vector<LkpTable>& across);

// (d) the RFC ib_spec_bench table (seed 001), from pipe-pingpong's -a rfc
// rows: per run, the mode its logs name, loops per measurement, the mean
// time per loop and the loops per second that mean gives (1e6 / us per iter).
struct RfcRow {
    std::string run;
    std::string mode;  // "-" when the logs name none, "a,b" when they name several
    SampleStats iters, usPerIter;
    double iterPerSec = 0;
};
// Runs without an "us-iter" sample are left out.
std::vector<RfcRow> rfcRows(const std::vector<RunSummary>& runs);

}  // namespace mmtp::compare
