// change_points.hpp - where a series of runs shifts, and whether its newest
// run is a regression. Binary segmentation: inside a segment, the split that
// maximises the standardised difference of means (CUSUM) is the candidate;
// the verdict engine (stats/verdict_call) then tests it, the run as the unit
// (one value per run: the mean of its iteration means, so the noise is the
// spread between runs, which holds what a run's iterations share), at
// alpha / (runs - 1) per split, split in two tests (see segment()) (Bonferroni over every split the
// search could pick, so a flat series raises a false change point with
// probability <= alpha). Only a Regression or Improvement call is a change.
#pragma once
#include "stats/verdict_call.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare::store {

struct SeriesRun {
    std::vector<double> means;  // its iteration means
    std::optional<std::string> settings;  // its workload settings; nullopt: not recorded
};
// A history's runs as they are (no copy of 100,000 runs' means); each
// function below takes them so, or as a vector of runs.
using SeriesRuns = std::vector<const SeriesRun*>;

struct ChangePoint {
    std::size_t firstRun = 0;  // index of the first run after the shift
    MetricCall call;           // the segment before (base) against the one after (now), the family-wise interval
};

struct ChangePointSettings {
    double alpha = kFamilyAlpha;
    std::size_t minSegmentRuns = 2;  // runs on each side of a split (one run's noise is no shift)
    double thresholdPct = kDefaultThresholdPct;  // the newest run's "no change" (--bisect)
};

// Where the workload settings change: the index of each run whose recorded
// settings differ from the last recorded before it (a run without a record
// continues the segment it is in). A history is measured within these
// segments only: a settings change is a marked break, never a shift.
std::vector<std::size_t> settingsBreaks(const SeriesRuns& series);
std::vector<std::size_t> settingsBreaks(const std::vector<SeriesRun>& series);

// Change points in run order, each within one settings segment.
std::vector<ChangePoint> findChangePoints(const SeriesRuns& series, bool higherIsBetter,
                                          const ChangePointSettings& settings = {});
std::vector<ChangePoint> findChangePoints(const std::vector<SeriesRun>& series, bool higherIsBetter,
                                          const ChangePointSettings& settings = {});

// The newest run against the last stable segment (the runs after the last
// change point or settings break of the history before it; none when the
// newest run's settings are new): git bisect run's 0 (no regression
// called), 1 (regression) or 125 (cannot tell: too few runs, no interval,
// or inconclusive). The call is returned through `call` when given.
int newestRunBisectStatus(const SeriesRuns& series, bool higherIsBetter, const ChangePointSettings& settings,
                          MetricCall* call = nullptr);
int newestRunBisectStatus(const std::vector<SeriesRun>& series, bool higherIsBetter,
                          const ChangePointSettings& settings, MetricCall* call = nullptr);

}  // namespace mmtp::compare::store
