// verdict.hpp - the numbers behind the tables engineers otherwise compute by
// hand from compare-mmtests output (seeds 000, 004, 002), from the raw samples
// of each run (seed 001's RFC table too): the arithmetic mean, sample stddev and CoV of every operation.
// Their text is render/verdict_text.hpp.
#pragma once
#include "stats/boot_units.hpp"
#include "stats/summary.hpp"
#include "stats/verdict_call.hpp"

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
SampleStats valueStats(const std::vector<double>& values);

// One metric's inputs: the unit values (boots, or runs: stats/boot_units.hpp)
// of the base runs together against those of the now runs; with two or more
// base runs (A1 and A2, or A/B/A/B's A runs) their means give the drift a
// call must clear. nullopt when a run has no sample of op.
std::optional<MetricInput> replicatedInput(const std::vector<const RunSummary*>& base,
                                           const std::vector<const RunSummary*>& now, const std::string& op,
                                           const UnitRules& rules);
// (a) A/B/A: B against A1's and A2's units together.
std::optional<MetricInput> abaInput(const RunSummary& a1, const RunSummary& b, const RunSummary& a2,
                                    const std::string& op, const UnitRules& rules = {});
// Each run against a base (the first run).
std::optional<MetricInput> pairInput(const RunSummary& base, const RunSummary& now, const std::string& op,
                                     const UnitRules& rules = {});

// A metric shown beside a verdict but outside its family: no call.
struct ContextRow {
    std::string op, unit;
    bool higherIsBetter = false;
    ChangeEstimate change;  // 95 %, on its own
};
ContextRow contextRow(const MetricInput& in);

// The calls of one comparison, and its runs by role.
struct RunVerdict {
    // Interleaved: A/B/A/B..., every run of either kernel a replicate.
    enum class Design { Aba, Interleaved, AgainstFirst } design = Design::AgainstFirst;
    std::string base, now, a2;  // A/B/A: base is A1, a2 is A2; otherwise a2 is ""
    std::vector<std::string> baseGroup, nowGroup;  // Interleaved: the runs of each side
    std::vector<MetricInput> inputs;  // the engine's inputs, kept until the report's family is known
    // Metrics outside the family (functions of its metrics: redis' latencies
    // of its RPS), each with its own 95 % interval and no call.
    std::vector<ContextRow> context;
    UnitDesign units;
    CallFamily family;
    std::string note;  // how MMTests ranks the rows, when it misleads
};

// (b) mean, stdev and % against each of the first two runs (seed 004's):
// one block per operation, one row per run.
struct TwoBaselinesRow {
    std::string run;
    SampleStats stats;
    double pctBase1 = 0, pctBase2 = 0;  // mean against each baseline's mean
    ChangeEstimate vsBase1;             // the change against the first baseline with its 95 % interval (units)
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
    // Mean and stdev over each run's boots (its units: a matrix's runs, two
    // or more boots each, several iterations a boot), not its iterations.
    bool overBoots = false;
};
// Needs two runs; with fewer the table has no blocks.
TwoBaselinesTable twoBaselines(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops,
                               const UnitRules& rules = {});
// Fills each row's cpuPct with the mean of cpuOp(block op) in the run of the
// same name among cpuRuns (a CPU report of the same runs), where it has samples.
void addCpuColumn(TwoBaselinesTable& table, const std::vector<RunSummary>& cpuRuns,
                  const std::function<std::string(const std::string& op)>& cpuOp);

// (c) the LKP test robot's comparison: each later run against the first.
struct LkpRow {
    std::string op;
    SampleStats base, now;
    double changePct = 0;  // now.mean against base.mean
    MetricCall call;       // the engine's, over the iteration means
};
struct LkpTable {
    std::string baseRun, newRun;
    std::vector<LkpRow> rows;  // operations without samples in either run are left out
};
std::vector<LkpTable> lkpTables(const std::vector<RunSummary>& runs, const std::vector<std::string>& ops,
                                const CallSettings& settings, const UnitRules& rules = {});
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
    double timesBaseline = 0;  // us/iter over the first row's (the baseline's): the RFC's "~10x slower"
};
// Runs without an "us-iter" sample are left out.
std::vector<RfcRow> rfcRows(const std::vector<RunSummary>& runs);

}  // namespace mmtp::compare
