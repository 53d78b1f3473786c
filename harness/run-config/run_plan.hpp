// run_plan.hpp - what a config asks run-config to do, read from its
// variables with run-mmtests.sh's rules: MMTESTS (benchmarks, in order),
// MMTEST_ITERATIONS (default 1), RUN_MONITOR=no dropping MONITORS_GZIP,
// MONITORS_WITH_LATENCY and MONITORS_TRACER (MONITORS_ALWAYS still runs),
// monitors started in the order always, gzip, with_latency, and
// MONITOR_UPDATE_FREQUENCY (default 10 s).
#pragma once
#include "run-config/monitor_set.hpp"
#include "run-config/past_durations.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::runconfig {

struct SkippedMonitor {
    std::string name;
    std::string why;
};

struct RunPlan {
    std::vector<std::string> benches;
    int iterations = 1;
    int updateFrequency = 10;
    std::vector<PlannedMonitor> monitors;  // the ones that will run
    std::vector<SkippedMonitor> skipped;   // asked for, cannot run here
    std::vector<std::string> warnings;     // run-mmtests.sh's own warnings
};

// The warning for vmstat in var (MONITORS_ALWAYS or MONITORS_GZIP): logged
// without timestamps, MMTests' parser reads its columns one off.
std::string vmstatWithoutTimestamps(const std::string& var);

// Throws UsageError naming the variable for a malformed value.
RunPlan makePlan(const std::map<std::string, std::string>& env);

// Estimated seconds: per benchmark (nullopt: no estimate for it) and in total.
struct Estimate {
    std::vector<std::optional<double>> perBench;  // one iteration each
    std::vector<PastDurations> measured;          // per benchmark: what earlier runs measured
    double overheadPerIteration = 0;              // system state, monitor settling
    double total = 0;
};
// modelled: per benchmark of the plan, what its binary's --estimate said
// (bench_description.hpp); past: per benchmark (or none), what earlier runs
// with the same settings measured, which replaces the model. The overhead is not learned: it depends on
// the monitors, which no file of an iteration records as a setting, and
// the iteration's epochs are whole seconds; RunProgress learns it after a
// run's first iteration.
Estimate estimate(const RunPlan& plan, const std::vector<std::optional<double>>& modelled,
                  const std::vector<PastDurations>& past = {});

// The --dry-run text.
std::string describePlan(const RunPlan& plan, const Estimate& est);

// An estimate is shown saturated at this (about 31 years): each benchmark
// checks its settings, but their product can still be absurd.
inline constexpr long kMaxEstimateSeconds = 1'000'000'000;
// seconds rounded, within 0..kMaxEstimateSeconds
long wholeSeconds(double seconds);
// "1 h 02 min", "3 min 05 s", "42 s"
std::string humanDuration(double seconds);

}  // namespace mmtp::runconfig
