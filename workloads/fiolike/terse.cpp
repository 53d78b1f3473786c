#include "fiolike/terse.hpp"

#include "base/text_format.hpp"

#include <cstdarg>

namespace mmtp::fiolike {

namespace {

class Line {
public:
    [[gnu::format(printf, 2, 3)]] void add(const char* fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        s_ += formatTextV(fmt, ap);
        va_end(ap);
    }
    std::string& str() { return s_; }

private:
    std::string s_;
};

using ull = unsigned long long;

void latTriple(Line& l, const IoStat& st) {
    if (st.samples)
        l.add(";%llu;%llu;%f;%f", ull(st.minVal / 1000), ull(st.maxVal / 1000), st.mean / 1000, st.stddev() / 1000);
    else
        l.add(";%llu;%llu;%f;%f", 0ULL, 0ULL, 0.0, 0.0);
}

void ddir(Line& l, const DirStats& ds) {
    ull bw = 0, iops = 0;
    if (ds.runtimeMs) {
        bw = ((1000 * ds.ioBytes) / ds.runtimeMs) / 1024;
        iops = (1000 * ds.totalIos) / ds.runtimeMs;
    }
    l.add(";%llu;%llu;%llu;%llu", ull(ds.ioBytes >> 10), bw, iops, ull(ds.runtimeMs));
    latTriple(l, ds.slat);
    latTriple(l, ds.clat);
    const auto& pcts = defaultPercentiles();
    const auto vals = ds.clatHist.percentiles(pcts);
    for (std::size_t i = 0; i < 20; ++i) {
        if (i < pcts.size())
            l.add(";%f%%=%llu", pcts[i], ull(vals[i] / 1000));
        else
            l.add(";0%%=0");
    }
    latTriple(l, ds.lat);
    if (ds.bw.samples) {
        double pOfAgg = 100.0;
        const ull agg = ds.runtimeMs ? (ds.ioBytes * 1000) / ds.runtimeMs : 0;  // rs->agg, bytes/s
        if (agg) {
            // fio's show_ddir_status_terse divides by (double)(rs->agg / 1024): whole KiB/s, truncated.
            const ull aggKiB = agg / 1024;
            pOfAgg = ds.bw.mean * 100 / static_cast<double>(aggKiB);
            if (pOfAgg > 100.0) pOfAgg = 100.0;
        }
        l.add(";%llu;%llu;%f%%;%f;%f", ull(ds.bw.minVal), ull(ds.bw.maxVal), pOfAgg, ds.bw.mean, ds.bw.stddev());
    } else {
        l.add(";%llu;%llu;%f%%;%f;%f", 0ULL, 0ULL, 0.0, 0.0, 0.0);
    }
}

template <std::size_t N>
void dist(const std::array<uint64_t, N>& src, uint64_t total, double floorPct, double* out) {
    for (std::size_t i = 0; i < N; ++i) {
        out[i] = total ? static_cast<double>(src[i]) * 100.0 / static_cast<double>(total) : 0.0;
        if (total && out[i] < floorPct && src[i]) out[i] = floorPct;
    }
}

}  // namespace

std::string formatTerseV3(const TerseInput& in) {
    const JobStats& ts = *in.stats;
    Line l;
    l.add("%d;%s;", 3, kFioVersionString);
    l.str() += in.name;
    l.add(";%u;%d", in.groupid, 0);
    ddir(l, ts.dir[kRead]);
    ddir(l, ts.dir[kWrite]);
    l.add(";%f%%;%f%%;%llu;%llu;%llu", ts.usrCpuPct(), ts.sysCpuPct(), ull(ts.ctx), ull(ts.majf), ull(ts.minf));

    const uint64_t total = ts.totalIos();
    double depth[7], latU[10], latM[12];
    dist(ts.depthMap, total, 0.1, depth);
    dist(ts.latU, total, 0.01, latU);
    dist(ts.latM, total, 0.01, latM);
    uint64_t nTotal = 0;
    for (auto v : ts.latN) nTotal += v;
    if (total) latU[0] += 100.0 * static_cast<double>(nTotal) / static_cast<double>(total);
    l.add(";%3.1f%%;%3.1f%%;%3.1f%%;%3.1f%%;%3.1f%%;%3.1f%%;%3.1f%%", depth[0], depth[1], depth[2], depth[3],
          depth[4], depth[5], depth[6]);
    for (double v : latU) l.add(";%3.2f%%", v);
    for (double v : latM) l.add(";%3.2f%%", v);
    if (in.disk) {
        const DiskUtil& d = *in.disk;
        l.str() += ";" + d.name;
        l.add(";%llu;%llu;%llu;%llu;%llu;%llu;%llu;%3.2f%%", ull(d.delta.ios[0]), ull(d.delta.ios[1]),
              ull(d.delta.merges[0]), ull(d.delta.merges[1]), ull(d.delta.ticks[0]), ull(d.delta.ticks[1]),
              ull(d.delta.timeInQueue), d.utilPct());
    }
    l.str() += "\n";
    return std::move(l.str());
}

}  // namespace mmtp::fiolike
