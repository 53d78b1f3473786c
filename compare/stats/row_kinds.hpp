// row_kinds.hpp - what each row of an MMTests table is, in words: the
// statistic behind "Amean", "BHmean-95", "Ops", ... and over which samples,
// for `compare-mmtests --explain` (on stderr: the table's bytes stay
// compare-mmtests.pl's).
#pragma once
#include "stats/summary.hpp"

#include <string>

namespace mmtp::compare {

// One line per row kind of run's table (its summary type's statistics, as
// statName names them), then what the comparison column and the
// significance rows are.
std::string explainRowKinds(const RunSummary& run, bool ratio, bool significance);

// The statistic one summary entry ("_mean", "stddev-_mean", "_mean-95",
// "percentile-90", "_value", ...) computes, over the operation's samples.
std::string describeStatistic(const std::string& sumop, bool preferHigher, SummaryType type);

}  // namespace mmtp::compare
