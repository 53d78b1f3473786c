// verdict_call.hpp - the three-valued call per metric, the engine every
// verdict shares (A/B/A, each run against the first, LKP's rows):
//   regression / improvement: the family-wise interval of the change excludes
//     zero (Bonferroni over the metrics of one comparison that have an
//     interval) and, in A/B/A, |change| exceeds the A1-A2 drift;
//   no change: the whole interval lies within +-threshold;
//   inconclusive: anything else, with the smallest change the data could
//     detect and the iterations per run that would detect a threshold-sized one.
// Numbers only: render/verdict_text.hpp and friends say them.
#pragma once
#include "stats/iteration_inference.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::compare {

enum class Call { Regression, Improvement, NoChange, Inconclusive };
const char* callName(Call call);  // "regression", "improvement", "no change", "inconclusive"

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

// One metric of one comparison: the iteration means of each side.
struct MetricInput {
    std::string op, unit;
    bool higherIsBetter = false;
    std::vector<double> base, now;  // A/B/A: base is A1's and A2's iteration means together
    std::optional<std::pair<double, double>> abaMeans;  // A/B/A: mean of A1's and of A2's iteration means
};

struct MetricCall {
    std::string op, unit;
    bool higherIsBetter = false;
    ChangeEstimate change;           // its interval is the family-wise one
    std::optional<double> driftPct;  // A/B/A: |mean A2 - mean A1| / base mean
    double thresholdPct = 0;
    Call call = Call::Inconclusive;
    Undecided why = Undecided::Called;
    double detectablePct = 0;                     // NaN without an interval
    std::optional<std::size_t> iterationsNeeded;  // per run, to detect thresholdPct
};

struct CallFamily {
    std::vector<MetricCall> rows;
    std::size_t tested = 0;   // metrics with an interval: the Bonferroni family
    double confidence = 0;    // of each interval: 1 - alpha / tested
    double alpha = kFamilyAlpha;
    double thresholdPct = kDefaultThresholdPct;  // the default one (--threshold PCT)
    bool perMetricThresholds = false;            // --threshold REGEX=PCT set some
    std::size_t count(Call c) const;
};

// baseRuns: runs making up the base side (2 in A/B/A), for iterationsNeeded.
CallFamily callFamily(const std::vector<MetricInput>& metrics, const CallSettings& settings, std::size_t baseRuns);

}  // namespace mmtp::compare
