#include "benchmarks/benchmark_description.hpp"

#include <array>
#include <cstdlib>

namespace mmtp::compare {

namespace {

using F = LogFormat;

constexpr std::array kNativeReports{
    NativeReport{"redis", "", "redis", F::RedisBenchmarkCsv},
    NativeReport{"perfpipe", "", "perfpipe", F::PerfBenchPipe},
    NativeReport{"stressng", "", "stressng", F::StressNgMetrics},
    NativeReport{"fio", "", "fio", F::FioTerse},
    NativeReport{"redis-zpopmin", "", "redis-zpopmin", F::RedisZpopminThroughput},
    NativeReport{"redis-zpopmin", "latency", "redis-zpopmin:latency", F::RedisZpopminLatency},
    NativeReport{"pipe-pingpong", "", "pipe-pingpong", F::PerfBenchPipe},
    NativeReport{"pipe-pingpong", "rfc", "pipe-pingpong:rfc", F::PipePingpongRfc},
    NativeReport{"seccomp-churn", "", "seccomp-churn", F::StressNgMetrics},
    NativeReport{"seccomp-churn", "attach", "seccomp-churn:attach", F::SeccompChurnAttach},
    NativeReport{"fiolike", "", "fiolike", F::FioTerse},
    NativeReport{"fiolike", "cpu", "fiolike:cpu", F::FiolikeCpu},
    NativeReport{"fiolike", "iops", "fiolike:iops", F::FiolikeIops},
    NativeReport{"ibpb-pulse", "", "ibpb-pulse", F::IbpbPulseJson},
    NativeReport{"syscall-scale", "", "syscall-scale", F::WisBenchlog},
    NativeReport{"syscall-scale", "nsop", "syscall-scale:nsop", F::SyscallScaleNsop},
    NativeReport{"syscall-null", "", "syscall-null", F::StressNgMetrics},
    NativeReport{"syscall-fsbuffer", "", "syscall-fsbuffer", F::FstimeCopy},
};

// kiops-JOB-DIRECTION -> cpu-pct-JOB-usr+sys: fio accounts CPU per job, not per direction.
std::string fiolikeCpuOp(const std::string& op) {
    std::string job = op.rfind("kiops-", 0) == 0 ? op.substr(6) : op;
    job = job.substr(0, job.rfind('-'));
    return "cpu-pct-" + job + "-usr+sys";
}

// kiops-ENGINE-PATTERN-BS-jN-qdN-DIRECTION -> seed 004's job names: "read",
// "write", and "70/30 read" for an rw70 job's read side.
std::string fiolikeShortLabel(const std::string& op) {
    const auto dash = op.rfind('-');
    std::string pattern;
    for (std::size_t at = 0, n = 0; at <= op.size(); ++n) {
        const auto end = std::min(op.find('-', at), op.size());
        if (n == 2) pattern = op.substr(at, end - at);
        at = end + 1;
    }
    if (pattern.rfind("rand", 0) == 0) pattern.erase(0, 4);
    if (op.rfind("kiops-", 0) != 0 || dash == std::string::npos) return op;
    if (pattern == "read" || pattern == "write") return pattern;
    if (pattern.rfind("rw", 0) == 0 && pattern.size() > 2 && pattern.size() <= 4) {
        const int reads = std::atoi(pattern.c_str() + 2);
        return std::to_string(reads) + "/" + std::to_string(100 - reads) + " " + op.substr(dash + 1);
    }
    return op;
}

}  // namespace

std::span<const NativeReport> nativeReports() { return kNativeReports; }

VerdictHints verdictHints(const std::string& bench) {
    VerdictHints h;
    // Seed 001's RFC table: the report in ib_spec_bench's format.
    for (const NativeReport& r : kNativeReports)
        if (r.name == bench && r.format == F::PipePingpongRfc) h.rfcReport = r.alt;
    if (bench == "pipe-pingpong") h.comparedSetting = "PIPE_PINGPONG_MODE";
    // Seed 004 asks for kIOPS and CPU, not fio's KiB/s.
    if (bench == "fiolike") {
        h.twoBaselinesReport = "iops";
        h.cpuReport = "cpu";
        h.cpuOp = fiolikeCpuOp;
        h.shortLabel = fiolikeShortLabel;
    }
    // MMTests' own redis yaml has no preferhigher: its RPS rows rank lower-is-better.
    // redis' five latency columns per test are functions of its RPS: the family holds the RPS.
    if (bench == "redis") h.familyMetrics = "RPS";
    if (bench == "redis")
        h.directionNoteWhenLowerIsBetter =
            "MMTests ranks redis RPS lower-is-better (its shellpack.yaml has no preferhigher), so a fall in RPS "
            "reads as an improvement here; -b redis-zpopmin ranks it higher-is-better";
    return h;
}

}  // namespace mmtp::compare
