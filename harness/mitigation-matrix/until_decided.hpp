// until_decided.hpp - mitigation-matrix --until-decided: after each round
// (every row one more accepted boot) the verdict looks at the tree, each
// row against the first; the schedule gets another interleaved round until
// no selected metric is inconclusive, or the budget is spent. Each look's
// calls run at the nominal level of the exact group-sequential boundaries
// that spend the family alpha by Lan-DeMets' O'Brien-Fleming function, and
// its "no change" by repeated 90 % intervals from the same rule (compare-
// kernels' --sequential-look): the looks together call noise, or claim no
// change beside a threshold-sized change, at most alpha. The level each
// look prints is the one compare-kernels says it used.
#pragma once
#include "mitigation-matrix/matrix_spec.hpp"
#include "mitigation-matrix/schedule_state.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::matrix {

inline constexpr double kUntilDecidedAlpha = 0.05;  // over every look and every metric
// The first look needs two boots per row: one boot estimates no variance.
inline constexpr int kFirstLookRound = 2;

// The verdict at one look: decided when no metric is inconclusive.
struct Look {
    bool decided = false;
    std::string summary;  // one line: the calls, or what is still inconclusive
    // What the look's calls ran at, as its verdict reported it: each
    // metric's two-sided level (1 - its interval's confidence) and how many
    // metrics share the family alpha. Unset when the verdict said none.
    std::optional<double> metricLevel = std::nullopt;
    std::size_t tested = 0;
};
// Looks at the tree as it is after `round` boots per row.
using LookAt = std::function<Look(int round)>;

int firstLookRound(const MatrixSpec& spec);

// Called when no boot is pending: looks at the completed round (when it is a
// look) and adds one more round when it is undecided and the budget allows
// one. Returns true when it added a round. Prints one line per look.
bool addRoundUntilDecided(ScheduleState& state, const MatrixSpec& spec, const LookAt& look);

// The last look of a finished schedule: nullopt when none could be made
// (a row rejected, fewer than two boots per row).
std::optional<Look> finalLook(const ScheduleState& state, const MatrixSpec& spec, const LookAt& look);

// The real look: compare-kernels (binDir) over workDir/log, each row against
// the first, --metric and --threshold from the matrix, --sequential-look
// ROUND:FIRST:LAST (the calls' boundaries and no change's repeated intervals
// follow from it, alpha 0.05);
// its JSON export and mail-format verdict are kept in workDir/matrix/look-R.*.
LookAt compareKernelsLook(const MatrixSpec& spec, const std::filesystem::path& workDir,
                          const std::filesystem::path& binDir);

// The verdict rows of a compare-kernels --json-export: decided when there is
// at least one, none is inconclusive (a benchmark error is undecided) and
// every run of `compared` is the new side of a verdict (a row left out of
// the verdicts, for its settings or an invalid run, is named: undecided).
Look lookFromJson(const std::string& json, const std::vector<std::string>& compared = {});

}  // namespace mmtp::matrix
