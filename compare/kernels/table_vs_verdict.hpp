// table_vs_verdict.hpp - where MMTests' table and the verdict point opposite
// ways for a metric. The table compares one statistic of each run's samples
// (its headline row, e.g. Amean or the one value of a Singleops row) of the
// first run against the new one; the verdict compares the mean of the units'
// robust statistic, with every base run (A1 and A2) together. A sample the
// trimmed mean drops, or A2, can turn the sign: a reader seeing +34 % above
// and -17 % below is told which number is which (text and mail).
#pragma once
#include "kernels/page.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

struct SignDisagreement {
    std::string op;
    std::string tableStat;            // what the table row is: "the best sample", "the Amean of the samples"
    std::string tableBase, tableNow;  // the runs the table compares
    double tablePct = 0, verdictPct = 0;
};

// The verdict's metrics whose change has the opposite sign in the table
// (both finite and non-zero, one of them at least the metric's threshold),
// in the verdict's order.
std::vector<SignDisagreement> signDisagreements(const BenchmarkResults& bench, const RunVerdict& verdict);

// At most kDisagreementsSaid lines, one per metric, then a count of the rest;
// "" when they agree everywhere.
inline constexpr std::size_t kDisagreementsSaid = 3;
std::string disagreementLines(const std::vector<SignDisagreement>& found, const RunVerdict& verdict);

}  // namespace mmtp::compare
