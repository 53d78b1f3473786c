// verdict_call.hpp - the call per metric, the engine every verdict shares
// (A/B/A, A/B/A/B, each run against the first, LKP's rows):
//   no change: the whole family-wise interval lies within +-threshold;
//   regression / improvement: the interval excludes zero (Bonferroni over
//     every metric of every comparison the report combines), clears the
//     baseline runs' drift (A1-A2) with its nearer end, and the change is at
//     least the threshold;
//   small: a significant change smaller than the threshold (not a regression);
//   inconclusive: anything else, with why, the smallest change the data could
//     detect and the units (boots or runs) per run that would settle it.
// Numbers only: render/verdict_text.hpp and friends say them.
#pragma once
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

// Why a metric is inconclusive (Called when it is not).
enum class Undecided { Called, NoInterval, Drift, Wide };

inline constexpr double kDefaultThresholdPct = 5.0;
inline constexpr double kFamilyAlpha = 0.05;
inline constexpr double kDetectPower = 0.8;

struct CallSettings {
    double thresholdPct = kDefaultThresholdPct;
    // --threshold REGEX=PCT: the first whose regex (unanchored) matches the metric wins.
    std::vector<std::pair<std::string, double>> perMetric;
    double alpha = kFamilyAlpha;
    double power = kDetectPower;
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
};

struct MetricCall {
    std::string op, unit;
    bool higherIsBetter = false;
    ChangeEstimate change;           // its interval is the family-wise one
    std::optional<double> driftPct;  // repeated baseline: (max - min of its run means) / base mean
    double thresholdPct = 0;
    Call call = Call::Inconclusive;
    Undecided why = Undecided::Called;
    double detectablePct = 0;                // NaN without an interval
    std::optional<std::size_t> unitsNeeded;  // per run, to settle thresholdPct
};

struct CallFamily {
    std::vector<MetricCall> rows;
    std::size_t tested = 0;   // metrics with an interval in the whole family (maybe beyond these rows)
    double confidence = 0;    // of each interval: 1 - alpha / tested
    double alpha = kFamilyAlpha;
    double thresholdPct = kDefaultThresholdPct;  // the default one (--threshold PCT)
    bool perMetricThresholds = false;            // --threshold REGEX=PCT set some
    std::size_t count(Call c) const;
};

// How many of metrics have an interval: their share of a family.
std::size_t testedCount(const std::vector<MetricInput>& metrics);

// baseRuns: runs making up the base side (2 in A/B/A), for unitsNeeded.
// familySize: the metrics with an interval in the whole family these rows
// belong to (every comparison a report combines); 0: these rows alone.
CallFamily callFamily(const std::vector<MetricInput>& metrics, const CallSettings& settings, std::size_t baseRuns,
                      std::size_t familySize = 0);

}  // namespace mmtp::compare
