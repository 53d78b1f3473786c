#include "parsers/parsers.hpp"

#include <array>

namespace mmtp::compare {

namespace {

// Our workloads write the log format of the tool they stand in for, so they
// share its parser; their shellpack.yaml lives in shellpacks/<name>/.
constexpr std::array kNativeBenchmarks{
    NativeBenchmark{"redis", "", "redis", parseRedisCsv},
    NativeBenchmark{"perfpipe", "", "perfpipe", parsePerfBenchPipe},
    NativeBenchmark{"stressng", "", "stressng", parseStressNgMetrics},
    NativeBenchmark{"fio", "", "fio", parseFioTerse},
    NativeBenchmark{"redis-zpopmin", "", "redis-zpopmin", parseRedisThroughput},
    NativeBenchmark{"redis-zpopmin", "latency", "redis-zpopmin:latency", parseRedisLatency},
    NativeBenchmark{"pipe-pingpong", "", "pipe-pingpong", parsePerfBenchPipe},
    NativeBenchmark{"pipe-pingpong", "rfc", "pipe-pingpong:rfc", parsePipePingpongRfc},
    NativeBenchmark{"seccomp-churn", "", "seccomp-churn", parseStressNgMetrics},
    NativeBenchmark{"seccomp-churn", "attach", "seccomp-churn:attach", parseSeccompChurnAttach},
    NativeBenchmark{"fiolike", "", "fiolike", parseFioTerse},
    NativeBenchmark{"fiolike", "cpu", "fiolike:cpu", parseFiolikeCpu},
    NativeBenchmark{"fiolike", "iops", "fiolike:iops", parseFiolikeIops},
    NativeBenchmark{"ibpb-pulse", "", "ibpb-pulse", parseIbpbPulseJson},
    NativeBenchmark{"syscall-scale", "", "syscall-scale", parseWisBenchlog},
    NativeBenchmark{"syscall-scale", "nsop", "syscall-scale:nsop", parseSyscallScaleNsop},
    NativeBenchmark{"syscall-null", "", "syscall-null", parseStressNgMetrics},
    NativeBenchmark{"syscall-fsbuffer", "", "syscall-fsbuffer", parseFstimeCopy},
};

}  // namespace

const NativeBenchmark* findNativeBenchmark(std::string_view name, std::string_view alt) {
    for (const NativeBenchmark& b : kNativeBenchmarks)
        if (b.name == name && b.alt == alt) return &b;
    return nullptr;
}

std::span<const NativeBenchmark> nativeBenchmarks() { return kNativeBenchmarks; }

}  // namespace mmtp::compare
