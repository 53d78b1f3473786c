// clock_check.hpp - is a workload's clock fine enough for its samples, and
// are its runs quiet enough for a verdict? One record for every workload,
// LOGDIR/NAME-clock.json (docs/clock-check.md), and warnings on stderr that
// name the setting to raise:
//   - a sample timed over fewer than kMinTicks ticks of its clock has a rate
//     quantised to 1/kMinTicks of itself or worse: raise spanSetting;
//   - a series (one rate per iteration) whose CoV means two runs like it,
//     at the configured iterations, could not call a change under
//     kTargetChangePct significant (Student t, 95 %, two-sided): raise
//     iterationsSetting (the warning says to about how many).
// Fed between measured loops only; nothing here runs inside one.
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace mmtp {

inline constexpr double kMinTicks = 1000;
inline constexpr double kTargetChangePct = 5;

// clock_getres(CLOCK_MONOTONIC) in nanoseconds: the tick of base/clock.hpp.
double monotonicResolutionNs();

struct ClockSpec {
    std::string workload;           // "redis-zpopmin": the record is LOGDIR/redis-zpopmin-clock.json
    std::string clock;              // what times a sample, e.g. "CLOCK_MONOTONIC ns"
    double resolutionNs = 1;        // one tick of that clock
    std::string spanSetting;        // what lengthens a sample, e.g. "REDIS_ZPOPMIN_REQUESTS (-n)"
    std::string iterationsSetting;  // what adds samples to a series
    int iterations = 1;             // configured samples per series
};

// The smallest change (percent) two runs of n samples each with this CoV
// (percent) can call significant: t(0.975, 2n-2) * cov * sqrt(2 / n). NaN for n < 2.
double detectableChangePct(double covPct, int n);
// The fewest samples per run that bring detectableChangePct to kTargetChangePct.
int iterationsForTarget(double covPct);

class ClockCheck {
public:
    ClockCheck(ClockSpec spec, std::ostream& warnings);
    // A timed sample's span; warns the first time one is under kMinTicks ticks.
    void span(const std::string& sample, std::int64_t spanNs);
    // One sample's rate (any unit) in series (e.g. "ZPOPMIN clients 1").
    void rate(const std::string& series, double value);
    // Warns about noisy series, then writes LOGDIR/NAME-clock.json atomically.
    void finish(const std::filesystem::path& logdir);
    // The record's text (what finish writes).
    std::string json() const;

private:
    struct SeriesStats {
        int n = 0;
        double mean = 0, covPct = 0;
    };
    std::map<std::string, SeriesStats> seriesStats() const;

    ClockSpec spec_;
    std::ostream& warn_;
    std::optional<std::int64_t> shortestNs_;
    std::string shortestSample_;
    std::int64_t shortSamples_ = 0, samples_ = 0;
    std::map<std::string, std::vector<double>> series_;
};

}  // namespace mmtp
