#include "fiolike/fio_stats.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::fiolike;

TEST_CASE("fiolike histogram maps values to fio's log-linear buckets and back") {
    // below 2^7 every value has its own bucket
    CHECK(LatHistogram::valToIdx(0) == 0);
    CHECK(LatHistogram::valToIdx(127) == 127);
    CHECK(LatHistogram::idxToVal(127) == 127);
    // 128..129 share a bucket whose reported value is its midpoint (fio: base + (k+0.5)*2^err)
    CHECK(LatHistogram::valToIdx(128) == 128);
    CHECK(LatHistogram::valToIdx(129) == 128);
    CHECK(LatHistogram::idxToVal(128) == 129);
    // relative error stays under 1/128 over the whole range fio covers
    for (uint64_t v : {1000ull, 55555ull, 1234567ull, 987654321ull}) {
        const double back = static_cast<double>(LatHistogram::idxToVal(LatHistogram::valToIdx(v)));
        CHECK(std::abs(back - static_cast<double>(v)) / static_cast<double>(v) < 1.0 / 64);
    }
    // huge values land in the last bucket instead of overflowing
    CHECK(LatHistogram::valToIdx(~0ull) == LatHistogram::kBuckets - 1);
}

TEST_CASE("fiolike percentiles take the first bucket whose running count reaches p% as fio does") {
    LatHistogram h;
    for (uint64_t v = 1; v <= 100; ++v) h.add(v);
    const auto p = h.percentiles({1.0, 50.0, 99.0, 99.99});
    CHECK(p[0] == 1);
    CHECK(p[1] == 50);
    CHECK(p[2] == 99);
    CHECK(p[3] == 100);
    LatHistogram empty;
    CHECK(empty.percentiles({50.0}) == std::vector<uint64_t>{0});
}

TEST_CASE("fiolike IoStat keeps fio's running mean and sample stddev and merges exactly") {
    IoStat a, b, all;
    for (uint64_t v : {1, 2, 3, 4}) { a.add(v); all.add(v); }
    for (uint64_t v : {10, 20}) { b.add(v); all.add(v); }
    CHECK(a.mean == Approx(2.5));
    CHECK(a.stddev() == Approx(1.2909944));
    CHECK(a.minVal == 1);
    CHECK(a.maxVal == 4);
    IoStat m = a;
    m.merge(b, false);
    CHECK(m.samples == 6);
    CHECK(m.mean == Approx(all.mean));
    CHECK(m.stddev() == Approx(all.stddev()));
    CHECK(m.maxVal == 20);
    // group bandwidth: fio adds the per-job means (pure sum)
    IoStat bw1, bw2;
    bw1.add(100);
    bw2.add(300);
    bw1.merge(bw2, true);
    CHECK(bw1.mean == Approx(400));
}

TEST_CASE("fiolike latency and depth buckets follow fio's boundaries") {
    JobStats s;
    s.markLatency(999);        // < 1us -> ns bucket 750..999
    s.markLatency(1999);       // 1us -> usec bucket 0 (0..1)
    s.markLatency(2000);       // 2us -> usec bucket 1
    s.markLatency(999999);     // 999us -> usec bucket 9
    s.markLatency(1000000);    // 1ms -> msec bucket 0
    s.markLatency(5000000000); // 5s -> msec bucket 11 (>=2000)
    CHECK(s.latN[9] == 1);
    CHECK(s.latU[0] == 1);
    CHECK(s.latU[1] == 1);
    CHECK(s.latU[9] == 1);
    CHECK(s.latM[0] == 1);
    CHECK(s.latM[11] == 1);
    s.markDepth(1);
    s.markDepth(32);
    s.markDepth(64);
    CHECK(s.depthMap[0] == 1);
    CHECK(s.depthMap[5] == 1);
    CHECK(s.depthMap[6] == 1);
}
