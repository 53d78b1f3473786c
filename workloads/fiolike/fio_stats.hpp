// fio_stats.hpp - the statistics fio keeps per job, computed the way fio 3.33
// computes them (stat.c), so the terse line we print is a drop-in:
//   * IoStat: running min/max/mean/S (Welford), sample stddev sqrt(S/(n-1)).
//   * LatHistogram: fio's log-linear histogram (FIO_IO_U_PLAT_BITS=6, 29
//     groups, values in ns). Percentiles are the midpoint of the bucket where
//     the running count first reaches p% of the samples (calc_clat_percentiles),
//     i.e. fio's method, not latency_summary's nearest rank over raw samples:
//     the measured loop must not store samples, and terse must match fio.
//   * the depth / latency bucket maps of the terse tail.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace mmtp::fiolike {

enum Dir : unsigned { kRead = 0, kWrite = 1 };
inline constexpr unsigned kDirs = 2;

struct IoStat {
    uint64_t minVal = UINT64_MAX;
    uint64_t maxVal = 0;
    uint64_t samples = 0;
    double mean = 0;
    double S = 0;

    void add(uint64_t v) {
        if (v > maxVal) maxVal = v;
        if (v < minVal) minVal = v;
        const double val = static_cast<double>(v);
        const double delta = val - mean;
        if (delta != 0) {
            mean += delta / static_cast<double>(samples + 1);
            S += delta * (val - mean);
        }
        ++samples;
    }
    double stddev() const;
    // fio's sum_stat(): pureSum adds means (bandwidth of a group), otherwise
    // merges the distributions (Chan et al. parallel variance).
    void merge(const IoStat& o, bool pureSum);
};

class LatHistogram {
public:
    static constexpr unsigned kBits = 6;
    static constexpr unsigned kVal = 1u << kBits;
    static constexpr unsigned kGroups = 29;
    static constexpr unsigned kBuckets = kGroups * kVal;

    static unsigned valToIdx(uint64_t ns) {
        const unsigned msb = ns == 0 ? 0 : 63u - static_cast<unsigned>(__builtin_clzll(ns));
        if (msb <= kBits) return static_cast<unsigned>(ns);
        const unsigned errorBits = msb - kBits;
        const unsigned base = (errorBits + 1) << kBits;
        const unsigned offset = (kVal - 1) & static_cast<unsigned>(ns >> errorBits);
        const unsigned idx = base + offset;
        return idx < kBuckets - 1 ? idx : kBuckets - 1;
    }
    static uint64_t idxToVal(unsigned idx);

    void add(uint64_t ns) { ++buckets_[valToIdx(ns)]; ++count_; }
    void merge(const LatHistogram& o);
    uint64_t count() const { return count_; }
    // Values (ns) at each percentile of a list sorted ascending; zeros if empty.
    std::vector<uint64_t> percentiles(const std::vector<double>& sortedPcts) const;

private:
    std::array<uint64_t, kBuckets> buckets_{};
    uint64_t count_ = 0;
};

// fio's default percentile_list (17 entries; terse pads to 20 with "0%=0").
const std::vector<double>& defaultPercentiles();

struct DirStats {
    uint64_t ioBytes = 0;
    uint64_t totalIos = 0;
    uint64_t runtimeMs = 0;   // ts->runtime[ddir]
    uint64_t runtimeNs = 0;   // same, exact (for the JSON / CPU per IO)
    IoStat slat, clat, lat;   // ns
    IoStat bw;                // KiB/s samples every bw_avg_time
    LatHistogram clatHist;

    void merge(const DirStats& o);
};

struct JobStats {
    std::array<DirStats, kDirs> dir;
    uint64_t totalRunTimeMs = 0;  // ts->total_run_time
    uint64_t usrMs = 0, sysMs = 0;  // fio's ms-resolution rusage deltas
    uint64_t usrUs = 0, sysUs = 0;  // the same at us resolution
    uint64_t ctx = 0, majf = 0, minf = 0;
    std::array<uint64_t, 7> depthMap{};   // io_u_map: 1,2,4,8,16,32,>=64
    std::array<uint64_t, 10> latN{};      // ns buckets (<1us)
    std::array<uint64_t, 10> latU{};      // 2,4,10,20,50,100,250,500,750,1000 us
    std::array<uint64_t, 12> latM{};      // 2,4,...,2000,>=2000 ms

    void markDepth(unsigned depth) {
        unsigned i = depth >= 64 ? 6 : depth >= 32 ? 5 : depth >= 16 ? 4 : depth >= 8 ? 3
                   : depth >= 4 ? 2 : depth >= 2 ? 1 : 0;
        ++depthMap[i];
    }
    void markLatency(uint64_t ns);
    uint64_t totalIos() const { return dir[kRead].totalIos + dir[kWrite].totalIos; }
    // Group reporting (fio's sum_thread_stats).
    void merge(const JobStats& o);
    double usrCpuPct() const;
    double sysCpuPct() const;
};

}  // namespace mmtp::fiolike
