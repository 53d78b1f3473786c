// latency_histogram.hpp - redis-benchmark's latency report, reproduced.
//
// redis-benchmark (6.2+) records every reply's latency in an HdrHistogram
// created as hdr_init(10, 3000000, 3): microseconds, values clamped to
// 3,000,000, 3 significant figures. With a lowest discernible value of 10 the
// unit is 8 us: values below 16,384 us fall in 8-us buckets, each doubling
// range above has buckets twice as wide. The CSV then prints
//   avg = mean of bucket midpoints, min = lowest value of the min's bucket,
//   pNN = highest value of the bucket holding rank (NN/100*N + 0.5),
//   max = highest value of the max's bucket,
// each /1000 as a float. This class keeps the same buckets, so a latency
// distribution prints the same numbers redis-benchmark would print.
#pragma once
#include <array>
#include <cstdint>

namespace mmtp::rediszpopmin {

class LatencyHistogram {
public:
    static constexpr int64_t kMaxValueUs = 3000000;

    // Records `count` replies that all took `us` microseconds (a pipelined
    // batch shares one latency). Values above kMaxValueUs are clamped.
    void record(int64_t us, int64_t count = 1);

    int64_t totalCount() const { return total_; }
    int64_t minUs() const;   // hdr_min
    int64_t maxUs() const;   // hdr_max
    double meanUs() const;   // hdr_mean
    int64_t percentileUs(double pct) const;  // hdr_value_at_percentile

    // Bucket arithmetic, exposed for tests.
    static int indexFor(int64_t us);
    static int64_t lowestEquivalent(int64_t us);
    static int64_t highestEquivalent(int64_t us);

private:
    static constexpr int kUnitMagnitude = 3;        // floor(log2(10))
    static constexpr int kSubBucketHalfMagnitude = 10;  // 2 * 10^3 -> 2^11 sub-buckets
    static constexpr int kSubBucketCount = 1 << (kSubBucketHalfMagnitude + 1);
    static constexpr int kSubBucketHalf = kSubBucketCount / 2;
    static constexpr int kBucketCount = 9;  // enough to cover 3,000,000
    static constexpr int kCountsLen = (kBucketCount + 1) * kSubBucketHalf;

    static int bucketOf(int64_t us);
    static int64_t valueAtIndex(int index);
    static int64_t rangeSize(int64_t us);

    std::array<int64_t, kCountsLen> counts_{};
    int64_t total_ = 0;
    int64_t min_ = INT64_MAX;  // smallest non-zero value recorded
    int64_t max_ = 0;
};

}  // namespace mmtp::rediszpopmin
