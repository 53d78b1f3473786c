// verdict_roles.hpp - which verdict the runs imply when none is asked for,
// which runs replicate which, and what it answers for git bisect run.
#pragma once
#include "kernels/model.hpp"

#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// The run's name without its last "-word" or "_word" ("v7.1.3-first" ->
// "v7.1.3", "base-return" -> "base"); the name itself when it has none.
std::string baselineName(const std::string& run);

// A/B/A/B...: three or more runs of exactly two baseline names that
// alternate, the first name's runs (A) and the second's (B); nullopt for
// any other layout.
struct ReplicateGroups {
    std::vector<std::string> a, b;
};
std::optional<ReplicateGroups> interleavedGroups(const std::vector<std::string>& runs);

// A/B/A (or A/B/A/B...) for three or more runs whose first and last share a
// baseline name or that alternate between two, otherwise each run against
// the first. runs: in role order (as discovered or named on the command
// line, never --sort-version's order).
Verdict impliedDesign(const std::vector<std::string>& runs);

// --bisect --good/--bad: the runs that are neither, grouped by baseline
// name (rev-1, rev-2: one candidate's repeats), in order.
std::vector<std::pair<std::string, std::vector<std::string>>> bisectCandidates(
    const std::vector<std::string>& runs, const std::vector<std::string>& good, const std::vector<std::string>& bad);

// git bisect run's answer over the first-shown verdicts (their --metric rows):
// 1 when any metric is a regression; else 125 when any is inconclusive, a
// benchmark could not be compared or a run was invalid; else 0 (no change,
// an improvement or a change smaller than the threshold). With references
// (--good/--bad): 1 when any candidate's metric is on the bad side, 0 when
// every one is on the good side, else 125.
inline constexpr int kBisectGood = 0, kBisectBad = 1, kBisectSkip = 125;
// A wrong command line under --bisect: git bisect run stops (>= 128).
inline constexpr int kBisectAbort = 128;
int bisectStatus(const KernelsData& data);
// Whether argv asks for --bisect (looked up before parsing, which may fail).
bool asksForBisect(int argc, const char* const argv[]);
// The exit for an error that stopped the report under --bisect: kBisectAbort
// for a wrong command line (exit 2 otherwise), kBisectSkip for anything else.
int bisectExitForError(int errorStatus);

}  // namespace mmtp::compare
