#include "fiolike/fio_stats.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::fiolike {

double IoStat::stddev() const {
    return samples > 1 ? std::sqrt(S / (static_cast<double>(samples) - 1.0)) : 0.0;
}

void IoStat::merge(const IoStat& o, bool pureSum) {
    if (o.samples == 0) return;
    const bool first = samples == 0;
    if (pureSum) {
        if (first) {
            *this = o;
        } else {
            minVal += o.minVal;
            maxVal += o.maxVal;
            samples += o.samples;
            mean += o.mean;
            S += o.S;
        }
        return;
    }
    minVal = std::min(minVal, o.minVal);
    maxVal = std::max(maxVal, o.maxVal);
    if (first) {
        mean = o.mean;
        S = o.S;
    } else {
        const double n1 = static_cast<double>(samples), n2 = static_cast<double>(o.samples);
        const double delta = o.mean - mean;
        const double m = (o.mean * n2 + mean * n1) / (n1 + n2);
        S = o.S + S + delta * delta * (n1 * n2) / (n1 + n2);
        mean = m;
    }
    samples += o.samples;
}

uint64_t LatHistogram::idxToVal(unsigned idx) {
    if (idx < (kVal << 1)) return idx;
    const unsigned errorBits = (idx >> kBits) - 1;
    const uint64_t base = uint64_t{1} << (errorBits + kBits);
    const uint64_t k = idx % kVal;
    return base + static_cast<uint64_t>((static_cast<double>(k) + 0.5) *
                                        static_cast<double>(uint64_t{1} << errorBits));
}

void LatHistogram::merge(const LatHistogram& o) {
    for (unsigned i = 0; i < kBuckets; ++i) buckets_[i] += o.buckets_[i];
    count_ += o.count_;
}

std::vector<uint64_t> LatHistogram::percentiles(const std::vector<double>& pcts) const {
    std::vector<uint64_t> out(pcts.size(), 0);
    if (count_ == 0 || pcts.empty()) return out;
    uint64_t sum = 0;
    std::size_t j = 0;
    const long double nr = static_cast<long double>(count_);
    for (unsigned i = 0; i < kBuckets && j < pcts.size(); ++i) {
        sum += buckets_[i];
        while (j < pcts.size() && static_cast<long double>(sum) >=
                                      static_cast<long double>(pcts[j]) / 100.0L * nr) {
            out[j] = idxToVal(i);
            ++j;
        }
    }
    return out;
}

const std::vector<double>& defaultPercentiles() {
    static const std::vector<double> list = {1.0,  5.0,  10.0, 20.0, 30.0, 40.0,  50.0,  60.0, 70.0,
                                             80.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99};
    return list;
}

void DirStats::merge(const DirStats& o) {
    slat.merge(o.slat, false);
    clat.merge(o.clat, false);
    lat.merge(o.lat, false);
    bw.merge(o.bw, true);
    clatHist.merge(o.clatHist);
    ioBytes += o.ioBytes;
    totalIos += o.totalIos;
    runtimeMs = std::max(runtimeMs, o.runtimeMs);
    runtimeNs = std::max(runtimeNs, o.runtimeNs);
}

namespace {
constexpr uint64_t kSubMs[9] = {2, 4, 10, 20, 50, 100, 250, 500, 750};
constexpr uint64_t kMs[11] = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000};
template <std::size_t N>
unsigned bucketOf(uint64_t v, const uint64_t (&lowers)[N]) {
    unsigned idx = 0;
    while (idx < N && v >= lowers[idx]) ++idx;
    return idx;
}
}  // namespace

void JobStats::markLatency(uint64_t ns) {
    if (ns < 1000)
        ++latN[bucketOf(ns, kSubMs)];
    else if (ns < 1000000)
        ++latU[bucketOf(ns / 1000, kSubMs)];
    else
        ++latM[bucketOf(ns / 1000000, kMs)];
}

void JobStats::merge(const JobStats& o) {
    for (unsigned d = 0; d < kDirs; ++d) dir[d].merge(o.dir[d]);
    totalRunTimeMs += o.totalRunTimeMs;
    usrMs += o.usrMs;
    sysMs += o.sysMs;
    usrUs += o.usrUs;
    sysUs += o.sysUs;
    ctx += o.ctx;
    majf += o.majf;
    minf += o.minf;
    for (std::size_t i = 0; i < depthMap.size(); ++i) depthMap[i] += o.depthMap[i];
    for (std::size_t i = 0; i < latN.size(); ++i) latN[i] += o.latN[i];
    for (std::size_t i = 0; i < latU.size(); ++i) latU[i] += o.latU[i];
    for (std::size_t i = 0; i < latM.size(); ++i) latM[i] += o.latM[i];
}

double JobStats::usrCpuPct() const {
    return totalRunTimeMs ? static_cast<double>(usrMs) * 100.0 / static_cast<double>(totalRunTimeMs) : 0.0;
}
double JobStats::sysCpuPct() const {
    return totalRunTimeMs ? static_cast<double>(sysMs) * 100.0 / static_cast<double>(totalRunTimeMs) : 0.0;
}

}  // namespace mmtp::fiolike
