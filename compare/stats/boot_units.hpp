// boot_units.hpp - the verdict's unit of replication. Iterations that ran in
// one boot share its state (page placement, a neighbour, the disk), so they
// are one unit, not several: a run's iterations are grouped by the boot they
// recorded (iter-N/boot-id), each group's samples summarised by a statistic
// one hiccup cannot sway. A run without boot records is one boot (MMTests'
// run-mmtests.sh runs every iteration in one boot), unless the user says each
// iteration was booted (--iterations-are-boots).
#pragma once
#include "stats/summary.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare {

// How a unit's samples become one value.
enum class UnitStat { TrimmedMean, Median, Mean };
inline constexpr double kTrimFraction = 0.2;  // cut from each end by the trimmed mean
UnitStat defaultUnitStat();
const char* unitStatName(UnitStat stat);                    // "20% trimmed mean", "median", "mean"
std::optional<UnitStat> parseUnitStat(std::string_view s);  // "trimmed", "median", "mean"
// The statistic over values (not empty): NaN when any value is untrusted (trustedValue).
double summariseUnit(std::vector<double> values, UnitStat stat);

struct UnitRules {
    UnitStat stat = defaultUnitStat();
    bool iterationsAreBoots = false;  // --iterations-are-boots: each iteration its own boot
};

// A run's values of op, one per unit (boot), in order of first appearance.
std::vector<double> unitValues(const RunSummary& run, const std::string& op, const UnitRules& rules);

// A run that is one unit: how much its own value varies as its iterations
// (or, with one iteration, its samples) estimate it: their variance over
// their count, with its degrees of freedom. nullopt with fewer than two, or
// when the run is more than one unit. Iterations in one boot share it, so
// this understates the unit's variance: when even it exceeds the other
// side's, that side's variance cannot stand for this run's.
struct OwnSpread {
    double varOfMean = 0, df = 0;
};
std::optional<OwnSpread> ownSpread(const RunSummary& run, const std::string& op, const UnitRules& rules);

// What the units of a set of runs are, for the report's header.
enum class UnitKind {
    Boot,       // recorded boots, several in some run
    Iteration,  // --iterations-are-boots
    RunOwnBoot, // each run one boot (recorded, or none recorded: MMTests' trees)
    RunShared,  // every run in one recorded boot: repeated runs replicate, iterations do not
};
struct UnitDesign {
    UnitKind kind = UnitKind::RunOwnBoot;
    bool recorded = false;  // boots were recorded (by every run)
    UnitStat stat = defaultUnitStat();
};
UnitDesign unitDesign(const std::vector<RunSummary>& runs, const UnitRules& rules);
// One line: "unit: the boot (recorded boot ids); each boot's samples: 20% trimmed mean".
std::string describeUnits(const UnitDesign& d);
// "boots" or "runs": what a rerun adds.
const char* unitNoun(UnitKind kind);

}  // namespace mmtp::compare
