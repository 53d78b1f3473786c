#include "redis-zpopmin/latency_histogram.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::rediszpopmin {

int LatencyHistogram::bucketOf(int64_t us) {
    const int64_t mask = int64_t(kSubBucketCount - 1) << kUnitMagnitude;
    int pow2ceiling = 64 - __builtin_clzll(static_cast<unsigned long long>(us | mask));
    return pow2ceiling - kUnitMagnitude - (kSubBucketHalfMagnitude + 1);
}

int LatencyHistogram::indexFor(int64_t us) {
    int b = bucketOf(us);
    int sub = static_cast<int>(us >> (b + kUnitMagnitude));
    return ((b + 1) << kSubBucketHalfMagnitude) + (sub - kSubBucketHalf);
}

int64_t LatencyHistogram::valueAtIndex(int index) {
    int b = (index >> kSubBucketHalfMagnitude) - 1;
    int sub = (index & (kSubBucketHalf - 1)) + kSubBucketHalf;
    if (b < 0) {
        sub -= kSubBucketHalf;
        b = 0;
    }
    return int64_t(sub) << (b + kUnitMagnitude);
}

int64_t LatencyHistogram::rangeSize(int64_t us) {
    int b = bucketOf(us);
    int sub = static_cast<int>(us >> (b + kUnitMagnitude));
    if (sub >= kSubBucketCount) ++b;
    return int64_t(1) << (kUnitMagnitude + b);
}

int64_t LatencyHistogram::lowestEquivalent(int64_t us) {
    int b = bucketOf(us);
    int64_t sub = us >> (b + kUnitMagnitude);
    return sub << (b + kUnitMagnitude);
}

int64_t LatencyHistogram::highestEquivalent(int64_t us) {
    return lowestEquivalent(us) + rangeSize(us) - 1;
}

void LatencyHistogram::record(int64_t us, int64_t count) {
    if (count <= 0) return;
    us = std::clamp<int64_t>(us, 0, kMaxValueUs);
    counts_[indexFor(us)] += count;
    total_ += count;
    if (us != 0 && us < min_) min_ = us;
    if (us > max_) max_ = us;
}

int64_t LatencyHistogram::minUs() const {
    if (counts_[0] > 0) return 0;
    if (min_ == INT64_MAX) return INT64_MAX;
    return lowestEquivalent(min_);
}

int64_t LatencyHistogram::maxUs() const { return max_ == 0 ? 0 : highestEquivalent(max_); }

double LatencyHistogram::meanUs() const {
    int64_t sum = 0;
    for (int i = 0; i < kCountsLen; ++i)
        if (counts_[i]) {
            int64_t v = valueAtIndex(i);
            sum += counts_[i] * (lowestEquivalent(v) + (rangeSize(v) >> 1));
        }
    return static_cast<double>(sum) / static_cast<double>(total_);
}

int64_t LatencyHistogram::percentileUs(double pct) const {
    double p = pct < 100.0 ? pct : 100.0;
    // hdr's (int64_t)(x + 0.5): for x >= 0, the nearest whole count, halves up.
    int64_t want = std::llround((p / 100) * static_cast<double>(total_));
    want = std::min(want, total_);
    int64_t seen = 0, value = 0;
    for (int i = 0; i < kCountsLen && seen < want; ++i) {
        seen += counts_[i];
        value = valueAtIndex(i);
    }
    return pct == 0.0 ? lowestEquivalent(value) : highestEquivalent(value);
}

}  // namespace mmtp::rediszpopmin
