// log_format.hpp - the raw log formats compare parses natively. A benchmark's
// description (benchmark_description.cpp) says which format each of its
// reports is in; parsers/parser_table.cpp says which parser reads each format.
#pragma once

namespace mmtp::compare {

enum class LogFormat {
    RedisBenchmarkCsv,       // redis-benchmark --csv, as MMTests' redis shellpack keeps it
    RedisZpopminThroughput,  // our redis-zpopmin: redis-benchmark's CSV, rate column
    RedisZpopminLatency,     // our redis-zpopmin: redis-benchmark's CSV, latency columns
    PerfBenchPipe,           // perf bench sched pipe's "usecs/op" lines
    PipePingpongRfc,         // pipe-pingpong's ib_spec_bench "iters:" lines
    StressNgMetrics,         // stress-ng --metrics-brief lines
    SeccompChurnAttach,      // seccomp-churn's filter-attach .extra lines
    FioTerse,                // fio --minimal terse v3
    FiolikeCpu,              // fiolike's per-job CPU JSON
    FiolikeIops,             // fiolike's per-job kIOPS JSON
    IbpbPulseJson,           // ibpb-pulse's JSON lines
    WisBenchlog,             // will-it-scale's CSV (ops/s per task count)
    SyscallScaleNsop,        // syscall-scale's ns/op .extra lines
    FstimeCopy,              // unixbench fstime's copy score lines
};

}  // namespace mmtp::compare
