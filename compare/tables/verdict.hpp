// verdict.hpp - the tables engineers otherwise compute by hand from
// compare-mmtests output (seeds 000, 004, 002), from the raw samples of each
// run: the arithmetic mean, sample stddev and CoV of every operation.
#pragma once
#include "stats/summary.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

struct SampleStats {
    double mean = 0, stddev = 0, cov = 0;  // cov in percent; stddev 0 for one sample
    std::size_t n = 0;
};
SampleStats sampleStats(const RunSummary& run, const std::string& op);

// (a) A/B/A: B against the mean of the two A runs.
struct AbaRow {
    std::string op;
    SampleStats a1, b, a2;
    double changePct = 0;  // B / mean(A1, A2) - 1
    double driftPct = 0;   // |A2 - A1| / mean(A1, A2)
    double noisePct = 0;   // the largest per-run CoV
    bool exceeds = false;  // |change| > drift + noise
};
std::vector<AbaRow> abaVerdict(const RunSummary& a1, const RunSummary& b, const RunSummary& a2,
                               const std::vector<std::string>& ops);
std::string renderAba(const std::string& bench, const std::string& a1, const std::string& b, const std::string& a2,
                      const std::vector<AbaRow>& rows);

// (b) mean, stdev and % against each of two baselines, one block per
// operation, one row per run (seed 004's layout).
std::string renderTwoBaselines(const std::string& bench, const std::vector<RunSummary>& runs,
                               const std::vector<std::string>& ops);

// (c) LKP-style "base ±stddev%  %change  new ±stddev%  metric" rows.
std::string renderLkp(const std::string& bench, const std::vector<RunSummary>& runs,
                      const std::vector<std::string>& ops);

}  // namespace mmtp::compare
