#include "benchmarks/benchmark_description.hpp"
#include "parsers/parsers.hpp"

#include <vector>

namespace mmtp::compare {

ParseFn parserFor(LogFormat format) {
    switch (format) {
    case LogFormat::RedisBenchmarkCsv: return parseRedisCsv;
    case LogFormat::RedisZpopminThroughput: return parseRedisThroughput;
    case LogFormat::RedisZpopminLatency: return parseRedisLatency;
    case LogFormat::PerfBenchPipe: return parsePerfBenchPipe;
    case LogFormat::PipePingpongRfc: return parsePipePingpongRfc;
    case LogFormat::StressNgMetrics: return parseStressNgMetrics;
    case LogFormat::SeccompChurnAttach: return parseSeccompChurnAttach;
    case LogFormat::FioTerse: return parseFioTerse;
    case LogFormat::FiolikeCpu: return parseFiolikeCpu;
    case LogFormat::FiolikeIops: return parseFiolikeIops;
    case LogFormat::IbpbPulseJson: return parseIbpbPulseJson;
    case LogFormat::WisBenchlog: return parseWisBenchlog;
    case LogFormat::SyscallScaleNsop: return parseSyscallScaleNsop;
    case LogFormat::FstimeCopy: return parseFstimeCopy;
    }
    return nullptr;  // not reached: -Wswitch names a format left out above
}

namespace {

// The description's reports with their parsers, built once.
const std::vector<NativeBenchmark>& table() {
    static const std::vector<NativeBenchmark> t = [] {
        std::vector<NativeBenchmark> v;
        for (const NativeReport& r : nativeReports()) v.push_back({r.name, r.alt, r.yaml, parserFor(r.format)});
        return v;
    }();
    return t;
}

}  // namespace

const NativeBenchmark* findNativeBenchmark(std::string_view name, std::string_view alt) {
    for (const NativeBenchmark& b : table())
        if (b.name == name && b.alt == alt) return &b;
    return nullptr;
}

std::span<const NativeBenchmark> nativeBenchmarks() { return table(); }

}  // namespace mmtp::compare
