#include "fiolike/report.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/text_format.hpp"
#include "common/signals.hpp"
#include "fiolike/terse.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

namespace mmtp::fiolike {

namespace {

double iopsOf(const DirStats& d) {
    return d.runtimeNs ? static_cast<double>(d.totalIos) * 1e9 / static_cast<double>(d.runtimeNs) : 0.0;
}

nlohmann::json dirJson(const DirStats& d) {
    const std::vector<double> pcts = {50.0, 95.0, 99.0, 99.9};
    const auto v = d.clatHist.percentiles(pcts);
    return {
        {"total_ios", d.totalIos},
        {"io_kbytes", d.ioBytes >> 10},
        {"runtime_ms", d.runtimeMs},
        {"iops", iopsOf(d)},
        {"bw_kib_s", d.runtimeNs ? static_cast<double>(d.ioBytes) / 1024.0 * 1e9 / static_cast<double>(d.runtimeNs) : 0.0},
        {"clat_us",
         {{"min", d.clat.samples ? static_cast<double>(d.clat.minVal) / 1000 : 0.0},
          {"mean", d.clat.mean / 1000},
          {"stddev", d.clat.stddev() / 1000},
          {"p50", static_cast<double>(v[0]) / 1000},
          {"p95", static_cast<double>(v[1]) / 1000},
          {"p99", static_cast<double>(v[2]) / 1000},
          {"p99.9", static_cast<double>(v[3]) / 1000},
          {"max", static_cast<double>(d.clat.maxVal) / 1000}}},
    };
}

nlohmann::json jsonSummary(const JobSpec& spec, const RunResult& r) {
    const JobStats& g = r.group;
    const double ios = static_cast<double>(g.totalIos());
    nlohmann::json j = {
        {"fiolike_version", 1},
        {"terse_compatible_with", kFioVersionString},
        {"job",
         {{"name", spec.name}, {"rw", spec.rwText}, {"rwmixread", spec.readPercent()}, {"bs", spec.bs},
          {"size", spec.size}, {"runtime_s", static_cast<double>(spec.runtimeNs) / 1e9},
          {"time_based", spec.timeBased}, {"ramp_time_s", static_cast<double>(spec.rampNs) / 1e9},
          {"numjobs", spec.numjobs}, {"iodepth", spec.iodepth}, {"direct", spec.direct},
          {"ioengine", spec.ioengine}, {"randommap", spec.randommap}}},
        {"read", dirJson(g.dir[kRead])},
        {"write", dirJson(g.dir[kWrite])},
        {"cpu",
         {{"usr_pct", g.usrCpuPct()},
          {"sys_pct", g.sysCpuPct()},
          {"ctx", g.ctx},
          {"method", "usr/sys %: fio's, per-job RUSAGE_THREAD ms over job runtime ms, summed over jobs; "
                     "us_per_io_jobs: the same job-thread CPU per IO; us_per_io_process: RUSAGE_SELF of the "
                     "whole process (includes io_uring io-wq/sqpoll workers) over the measured window per IO"},
          {"us_per_io_jobs", ios ? static_cast<double>(g.usrUs + g.sysUs) / ios : 0.0},
          {"us_per_io_process", ios ? static_cast<double>(r.processCpuUs) / ios : 0.0},
          {"process_usr_us", r.processUsrUs},
          {"process_sys_us", r.processSysUs}}},
    };
    return j;
}

}  // namespace

std::string humanSummary(const JobSpec& spec, const RunResult& r) {
    const JobStats& g = r.group;
    std::ostringstream o;
    o << formatText("%s: rw=%s bs=%s ioengine=%s iodepth=%u numjobs=%u direct=%d\n", spec.name.c_str(),
                  spec.rwText.c_str(), spec.bsText.c_str(), spec.ioengine.c_str(), spec.iodepth, spec.numjobs,
                  spec.direct ? 1 : 0);
    const char* names[] = {"read", "write"};
    for (unsigned d = 0; d < kDirs; ++d) {
        const DirStats& ds = g.dir[d];
        if (!ds.totalIos) continue;
        const auto v = ds.clatHist.percentiles({50.0, 99.0});
        o << formatText("  %-5s: IOPS=%.0f BW=%.1fMiB/s ios=%llu clat(us) min=%.1f mean=%.2f p50=%.1f p99=%.1f\n",
                      names[d], iopsOf(ds),
                      ds.runtimeNs ? static_cast<double>(ds.ioBytes) / 1048576.0 * 1e9 / static_cast<double>(ds.runtimeNs) : 0.0,
                      static_cast<unsigned long long>(ds.totalIos), static_cast<double>(ds.clat.minVal) / 1000,
                      ds.clat.mean / 1000, static_cast<double>(v[0]) / 1000, static_cast<double>(v[1]) / 1000);
    }
    const double ios = static_cast<double>(g.totalIos());
    o << formatText("  cpu  : usr=%.2f%% sys=%.2f%% ctx=%llu  cpu/IO: jobs=%.2fus process=%.2fus\n",
                  g.usrCpuPct(), g.sysCpuPct(), static_cast<unsigned long long>(g.ctx),
                  ios ? static_cast<double>(g.usrUs + g.sysUs) / ios : 0.0,
                  ios ? static_cast<double>(r.processCpuUs) / ios : 0.0);
    return o.str();
}

void writeLogs(const JobSpec& spec, const RunResult& r) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(spec.logdir, ec);
    if (ec) throw Error("--logdir " + spec.logdir + ": " + ec.message());
    TerseInput ti;
    ti.name = spec.name;
    ti.stats = &r.group;
    ti.disk = r.disk;
    // Other fiolike runs may append to the same fio.log at the same time. First:
    // a signal or a lock that is never released then leaves nothing of this job.
    appendFileAtomically(fs::path(spec.logdir) / "fio.log", formatTerseV3(ti), {.check = throwIfInterrupted});
    writeFileAtomically(fs::path(spec.logdir) / ("fiolike-" + spec.name + ".json"), jsonSummary(spec, r).dump(2) + "\n");
}

}  // namespace mmtp::fiolike
