#include "common/latency_summary.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp {

double nearestRankPercentile(const std::vector<double>& sorted, double pct) {
    if (sorted.empty()) return 0;
    auto rank = static_cast<std::size_t>(std::ceil(pct / 100.0 * static_cast<double>(sorted.size())));
    rank = std::clamp<std::size_t>(rank, 1, sorted.size());
    return sorted[rank - 1];
}

LatencySummary summariseLatencies(std::vector<double>& samples) {
    LatencySummary s;
    s.count = samples.size();
    if (samples.empty()) return s;
    std::sort(samples.begin(), samples.end());
    s.min = samples.front();
    s.max = samples.back();
    double sum = 0;
    for (double v : samples) sum += v;
    s.mean = sum / static_cast<double>(s.count);
    if (s.count > 1) {
        double sq = 0;
        for (double v : samples) sq += (v - s.mean) * (v - s.mean);
        s.stddev = std::sqrt(sq / static_cast<double>(s.count - 1));
    }
    s.p50 = nearestRankPercentile(samples, 50);
    s.p95 = nearestRankPercentile(samples, 95);
    s.p99 = nearestRankPercentile(samples, 99);
    s.p999 = nearestRankPercentile(samples, 99.9);
    return s;
}

}  // namespace mmtp
