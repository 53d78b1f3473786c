// parsers.hpp - one parser per raw log format, each turning a
// iter-N/BENCH/logs directory into the rows MMTests' own parse-results prints
// for it (same rows, same order), and which parser reads each log format.
// Which benchmark writes which format is the benchmark's description
// (benchmarks/benchmark_description.cpp): a new benchmark with a known log
// format is one line there plus its shellpack.yaml.
#pragma once
#include "benchmarks/log_format.hpp"
#include "core/rows.hpp"
#include "core/warnings.hpp"

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare {

// Malformed lines are read exactly as MMTests reads them (so the tables stay
// identical) and also reported in Warnings as "FILE:LINE: what", for stderr.
// A log that exists but is refused (not a regular file, past a read limit)
// throws InputError (input/bounded_read.hpp) naming it.
using ParseFn = Rows (*)(const std::filesystem::path& logsDir, Warnings& warnings);

// redis-benchmark --csv logs redis-CLIENTS-ITER.log (shellpack redis).
Rows parseRedisCsv(const std::filesystem::path& logsDir, Warnings& warnings);
// redis-zpopmin's reports over the same CSV: the RPS rows (higher is better)
// and, for -a latency, the latency rows (lower is better).
Rows parseRedisThroughput(const std::filesystem::path& logsDir, Warnings& warnings);
Rows parseRedisLatency(const std::filesystem::path& logsDir, Warnings& warnings);
// perf bench sched pipe output benchlog-A-B[-N] (shellpack perfpipe).
Rows parsePerfBenchPipe(const std::filesystem::path& logsDir, Warnings& warnings);
// pipe-pingpong's RFC line of the same logs (-a rfc): per benchlog, its loop
// count (iters), its time per loop (us-iter = t / iters) and its mode
// (metric mode, factor MODE, 1 per benchlog).
Rows parsePipePingpongRfc(const std::filesystem::path& logsDir, Warnings& warnings);
// stress-ng --metrics-brief logs stressng-CLIENTS-ITER.log (shellpack stressng).
Rows parseStressNgMetrics(const std::filesystem::path& logsDir, Warnings& warnings);
// fio terse v3 fio.log (shellpack fio).
Rows parseFioTerse(const std::filesystem::path& logsDir, Warnings& warnings);
// seccomp-churn's attach-latency files seccomp-churn-CLIENTS-ITER.extra
// (our shellpack's parse-results-attach, -a attach).
Rows parseSeccompChurnAttach(const std::filesystem::path& logsDir, Warnings& warnings);
// fiolike's CPU report (-a cpu, lower is better): CPU % and CPU us per IO per job.
Rows parseFiolikeCpu(const std::filesystem::path& logsDir, Warnings& warnings);
// fiolike's IOPS report (-a iops, higher is better): thousands of IOs per second per job and
// direction, and "total" for a job that reads and writes.
Rows parseFiolikeIops(const std::filesystem::path& logsDir, Warnings& warnings);
// ibpb-pulse's ibpb-pulse.json: the mask each pulsed CPU ended with, and how many.
Rows parseIbpbPulseJson(const std::filesystem::path& logsDir, Warnings& warnings);

// will-it-scale output as MMTests' wis shellpack keeps it, benchlog-CASE_MODEL-N
// (syscall-scale): the total: of each measured second.
Rows parseWisBenchlog(const std::filesystem::path& logsDir, Warnings& warnings);
// syscall-scale -a nsop: ns per operation per task from syscall-scale-*.extra.
Rows parseSyscallScaleNsop(const std::filesystem::path& logsDir, Warnings& warnings);
// unixbench fstime's unixbenchd.log (syscall-fsbuffer): each run's copy score, KBps.
Rows parseFstimeCopy(const std::filesystem::path& logsDir, Warnings& warnings);

struct NativeBenchmark {
    std::string_view name;   // the -b argument
    std::string_view alt;    // the -a argument ("" for the main report)
    std::string_view yaml;   // which embedded shellpack.yaml describes it ("NAME" or "NAME:ALT")
    ParseFn parse;
};

// The parser of one log format.
ParseFn parserFor(LogFormat format);

// nullptr when the benchmark (and alternative report) is not parsed natively.
const NativeBenchmark* findNativeBenchmark(std::string_view name, std::string_view alt = {});
// Every entry of the table, in its order.
std::span<const NativeBenchmark> nativeBenchmarks();

}  // namespace mmtp::compare
