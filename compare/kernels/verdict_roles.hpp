// verdict_roles.hpp - which verdict the runs imply when none is asked for,
// which runs replicate which, and what it answers for git bisect run.
#pragma once
#include "input/recorded_state.hpp"
#include "kernels/model.hpp"

#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// The run's name without its last "-word" or "_word" ("v7.1.3-first" ->
// "v7.1.3", "base-return" -> "base"); the name itself when it has none.
std::string baselineName(const std::string& run);

// Whether two run names name one kernel's runs: the same baseline name, or
// one is the other (or both one name) with a rerun word after it:
// "-again", "-rerun", "-repeat", "-retry", "-first", "-return" or a number
// ("v5.9-base" and "v5.9-base-again", "x-base-rerun" and "x-base-2").
bool sameNameGroup(const std::string& a, const std::string& b);
// The name they share ("v5.9-base"); "" when they are of two groups.
std::string sharedName(const std::string& a, const std::string& b);

// Where two runs' recorded states differ, "" when they do not (or nothing is
// known): runs are one kernel's only when both their names and their records say so.
std::string recordedDifference(const RecordedStates& states, const std::string& a, const std::string& b);

// A/B/A/B...: three or more runs of exactly two baseline names that
// alternate, each name's runs of one recorded state, the first name's runs
// (A) and the second's (B); nullopt for any other layout.
struct ReplicateGroups {
    std::vector<std::string> a, b;
};
std::optional<ReplicateGroups> interleavedGroups(const std::vector<std::string>& runs,
                                                 const RecordedStates& states = {});

// A/B/A (or A/B/A/B...) for three or more runs whose first and last share a
// name group and their recorded state, or that alternate between two,
// otherwise each run against the first. runs: in role order (as discovered
// or named on the command line, never --sort-version's order).
Verdict impliedDesign(const std::vector<std::string>& runs, const RecordedStates& states = {});

// --bisect --good/--bad: the runs that are neither, grouped by baseline
// name (rev-1, rev-2: one candidate's repeats), in order; a run whose
// recorded state differs from its name group's first run is its own group,
// named by the run.
std::vector<std::pair<std::string, std::vector<std::string>>> bisectCandidates(const std::vector<std::string>& runs,
                                                                               const std::vector<std::string>& good,
                                                                               const std::vector<std::string>& bad,
                                                                               const RecordedStates& states = {});

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
