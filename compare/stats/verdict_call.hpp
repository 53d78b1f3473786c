// verdict_call.hpp - the call per metric, the engine every verdict shares
// (A/B/A, A/B/A/B, each run against the first, LKP's rows). Each claim is
// tested at the level it needs, by its own interval:
//   regression / improvement: the family-wise interval (Hochberg's step-up, or
//     Bonferroni, over every metric of every comparison the report combines:
//     the interval at the metric's step level) excludes zero, clears
//     the baseline runs' drift (A1-A2) with its nearer end, and is not inside
//     (-T, T): a threshold-sized change may lie in it (the symmetric rule);
//   small: the family-wise interval excludes zero, clears the drift and lies
//     inside (-T, T) (not a regression);
//   no change: the metric's own 1 - 2 x equivalenceAlpha interval (90 %: two
//     one-sided tests at 5 %) lies within +-T. No multiplicity: "no metric
//     changed by T" is an intersection of equivalences, which holds at 5 %
//     when each does (intersection-union; Berger 1982);
//   inconclusive: anything else, with why, the smallest change the data could
//     detect and the units (boots or runs) per run that would settle it.
// Numbers only: render/verdict_text.hpp and friends say them.
#pragma once
#include "stats/boot_units.hpp"
#include "stats/unit_inference.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::compare {

enum class Call { Regression, Improvement, Small, NoChange, Inconclusive };
// "regression", "improvement", "small change", "no change", "inconclusive"
const char* callName(Call call);
bool isCall(Call call);  // regression or improvement

// Why a metric is inconclusive (Called when it is not). OwnSpread: the new
// side is one run whose own iterations vary more than the base's units do,
// so the base's variance, which it would borrow, cannot stand for it.
enum class Undecided { Called, NoInterval, Drift, Wide, OwnSpread };

inline constexpr double kDefaultThresholdPct = 5.0;
inline constexpr double kFamilyAlpha = 0.05;
inline constexpr double kEquivalenceAlpha = 0.05;  // each one-sided test of "no change"
inline constexpr double kDetectPower = 0.8;

struct CallSettings {
    double thresholdPct = kDefaultThresholdPct;
    // --threshold REGEX=PCT: the first whose regex (unanchored) matches the metric wins.
    std::vector<std::pair<std::string, double>> perMetric;
    double alpha = kFamilyAlpha;
    double equivalenceAlpha = kEquivalenceAlpha;
    double power = kDetectPower;
    // One look of a group-sequential schedule (mitigation-matrix
    // --until-decided): looks at every round from first to last. Each
    // metric's calls then run at its look's exact boundary for alpha / m, and
    // its no change by repeated intervals (stats/alpha_spending.hpp).
    struct Look {
        int round = 0, first = 0, last = 0;
    };
    std::optional<Look> look;
    double thresholdFor(const std::string& metric) const;
};

// One metric of one comparison: the unit values of each side.
struct MetricInput {
    std::string op, unit;
    bool higherIsBetter = false;
    std::vector<double> base, now;  // A/B/A: base is A1's and A2's units together
    // The baseline's runs' means when it was repeated (A1, A2, ...): their
    // spread is the drift a call must clear.
    std::vector<double> baselineRunMeans;
    std::vector<std::size_t> baselineRunUnits;  // how many of base's units each of those runs gave, in order
    // The new side is one unit (one run in one boot): its own spread.
    std::optional<OwnSpread> nowOwnSpread = std::nullopt;
};

struct MetricCall {
    std::string op, unit;
    bool higherIsBetter = false;
    ChangeEstimate change;  // its interval is its call's: family-wise, or no change's 90 %
    double confidence = 0;  // that interval's two-sided level
    // Repeated baseline: (max - min of its run means) / base mean, less one
    // standard error its runs' own boots give that difference (runs of 2+ units).
    std::optional<double> driftPct;
    double thresholdPct = 0;
    Call call = Call::Inconclusive;
    Undecided why = Undecided::Called;
    double detectablePct = 0;                // NaN without an interval
    std::optional<std::size_t> unitsNeeded;  // per run, to settle thresholdPct
};

struct CallFamily {
    std::vector<MetricCall> rows;
    std::size_t tested = 0;   // metrics with an interval in the whole family (maybe beyond these rows)
    double confidence = 0;    // of the widest call's interval: 1 - alpha / tested (the step-up's strictest level)
    bool stepUp = false;      // the calls' levels are Hochberg's step-up
    double alpha = kFamilyAlpha;
    double equivalenceConfidence = 1 - 2 * kEquivalenceAlpha;  // of each no change's interval
    double thresholdPct = kDefaultThresholdPct;  // the default one (--threshold PCT)
    bool perMetricThresholds = false;            // --threshold REGEX=PCT set some
    std::size_t count(Call c) const;
    bool allNoChange() const;  // every row "no change" (and some row)
};

// How many of metrics have an interval: their share of a family.
std::size_t testedCount(const std::vector<MetricInput>& metrics);

// A metric's p-value for a call: the smallest two-sided level whose
// interval excludes 0 and clears the drift; 1 within the drift, NaN without
// an interval (not in the family).
double callPValue(const MetricInput& metric);

// Hochberg's step-up over a family of p-values (NaN: not in it): sorted,
// the largest k with p(k) <= alpha / (m - k + 1); the k smallest are tested
// at that level, the rest at the next step's, alpha / (m - k), which they
// fail. Family-wise at alpha wherever Simes' inequality holds: independent
// metrics and positively dependent ones (Hochberg 1988; Sarkar 1998), the
// case of a report's columns measured in the same boots. It calls
// everything Holm's step-down calls and more when many metrics changed
// together (a change of T in 20 metrics: 75 % -> 79 % of rows called).
std::vector<double> stepUpLevels(const std::vector<double>& pValues, double alpha);

// The step-up levels for a report's family: one vector per comparison,
// aligned with its metrics, over all of them together.
std::vector<std::vector<double>> familyLevels(const std::vector<const std::vector<MetricInput>*>& comparisons,
                                              double alpha);

// baseRuns: runs making up the base side (2 in A/B/A), for unitsNeeded.
// familySize: the metrics with an interval in the whole family these rows
// belong to (every comparison a report combines); 0: these rows alone.
// levels: each metric's call level (familyLevels); null: Bonferroni's
// alpha / familySize for every metric.
CallFamily callFamily(const std::vector<MetricInput>& metrics, const CallSettings& settings, std::size_t baseRuns,
                      std::size_t familySize = 0, const std::vector<double>* levels = nullptr);

}  // namespace mmtp::compare
