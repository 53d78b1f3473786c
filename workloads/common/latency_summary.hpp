// latency_summary.hpp - the one place where workloads summarise a latency
// distribution (min/mean/stddev/percentiles/max), so seccomp-churn, fiolike and
// redis-zpopmin report percentiles the same way.
#pragma once
#include <cstddef>
#include <vector>

namespace mmtp {

struct LatencySummary {
    std::size_t count = 0;
    double min = 0, mean = 0, stddev = 0, max = 0;
    double p50 = 0, p95 = 0, p99 = 0, p999 = 0;
};

// Nearest-rank percentile (the smallest sample with at least pct% of the
// samples at or below it), as fio and redis-benchmark report them.
// pct in (0, 100]; an empty, sorted-ascending input gives 0.
double nearestRankPercentile(const std::vector<double>& sortedAscending, double pct);

// Sorts the samples in place. stddev is the sample (n-1) standard deviation.
LatencySummary summariseLatencies(std::vector<double>& samples);

}  // namespace mmtp
