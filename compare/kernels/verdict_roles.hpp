// verdict_roles.hpp - which verdict the runs imply when none is asked for,
// and what it answers for git bisect run.
#pragma once
#include "kernels/page.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// The run's name without its last "-word" or "_word" ("v7.1.3-first" ->
// "v7.1.3", "base-return" -> "base"); the name itself when it has none.
std::string baselineName(const std::string& run);

// A/B/A for three or more runs whose first and last share a baseline name,
// otherwise each run against the first. runs: in role order (as discovered or
// named on the command line, never --sort-version's order).
Verdict impliedDesign(const std::vector<std::string>& runs);

// git bisect run's answer over the first-shown verdicts (their --metric rows):
// 1 when any metric is a regression; else 125 when any is inconclusive, a
// benchmark could not be compared or a run was invalid; else 0.
inline constexpr int kBisectGood = 0, kBisectBad = 1, kBisectSkip = 125;
int bisectStatus(const KernelsData& data);

}  // namespace mmtp::compare
