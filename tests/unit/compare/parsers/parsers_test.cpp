// The native parsers give the rows MMTests' parse-results give, in its order.
#include "compare/test_support.hpp"
#include "parsers/parsers.hpp"

#include <catch2/catch.hpp>
#include <zlib.h>

using namespace mmtp::compare;
using compare_test::ScratchTree;

namespace {

const char* kRedisCsv =
    "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"\n"
    "\"ZPOPMIN\",\"1160533.40\",\"0.194\",\"0.080\",\"0.099\",\"0.359\",\"0.419\",\"0.459\"\n"
    "\"GET\",\"2705297.25\",\"0.092\",\"0.080\",\"0.089\",\"0.109\",\"0.159\",\"0.259\"\n";

std::vector<std::string> labels(const Rows& rows) {
    std::vector<std::string> out;
    for (const Row& r : rows) out.push_back(r.metric + "/" + r.factorA + "/" + r.interval + "=" + r.value);
    return out;
}

}  // namespace

TEST_CASE("redis rows are sorted by metric then clients then iteration, RPS in thousands", "[compare][parsers]") {
    ScratchTree t;
    t.write("redis-2-1.log", kRedisCsv);
    t.write("redis-10-1.log", kRedisCsv);
    t.write("redis-2-2.log", kRedisCsv);
    Warnings w;
    Rows rows = parseRedisCsv(t.root(), w);
    REQUIRE(rows.size() == 3 * 2 * 6);
    CHECK(w.empty());
    auto l = labels(rows);
    // "GET-RPS" sorts before "GET-lat95" (C locale), clients numerically (2 before 10)
    CHECK(l[0] == "GET-RPS/2/1=2705.3");  // awk's %.6g
    CHECK(l[1] == "GET-RPS/2/2=2705.3");
    CHECK(l[2] == "GET-RPS/10/1=2705.3");
    CHECK(l[3] == "GET-lat95/2/1=109");
    CHECK(rows[0].extra == "R");
    CHECK(rows[3].extra == "_");
}

TEST_CASE("a malformed redis CSV line is read as MMTests reads it and reported", "[compare][parsers]") {
    ScratchTree t;
    t.write("redis-1-1.log", "\"GET\",\"fast\",\"0.1\"\n");
    Warnings w;
    Rows rows = parseRedisCsv(t.root(), w);
    REQUIRE(rows.size() == 6);
    CHECK(rows[0].value == "0");
    REQUIRE(w.size() == 1);
    CHECK(w[0].find("redis-1-1.log:1:") != std::string::npos);
}

TEST_CASE("gzip-compressed logs are read transparently", "[compare][parsers]") {
    ScratchTree t;
    std::filesystem::path p = t.root() / "redis-1-1.log.gz";
    gzFile f = gzopen(p.c_str(), "wb");
    gzputs(f, kRedisCsv);
    gzclose(f);
    Warnings w;
    CHECK(parseRedisCsv(t.root(), w).size() == 12);
}

TEST_CASE("perf bench sched pipe values are numbered per log in log order", "[compare][parsers]") {
    ScratchTree t;
    t.write("benchlog-_-_-1", "# Running 'sched/pipe' benchmark:\n     Total time: 0.120 [sec]\n\n       6.041000 usecs/op\n");
    t.write("benchlog-_-_-2", "       5.500000 usecs/op\n");
    t.write("benchlog-_-_-10", "       7.250000 usecs/op\n");
    Warnings w;
    auto l = labels(parsePerfBenchPipe(t.root(), w));
    REQUIRE(l.size() == 3);
    CHECK(l[0] == "usecs-op/_/1=6.041000");
    CHECK(l[1] == "usecs-op/_/2=5.500000");
    CHECK(l[2] == "usecs-op/_/3=7.250000");  // benchlog-_-_-10 is the third by number
}

TEST_CASE("stress-ng metrics rows start after the (secs) header, including the data-less summary line", "[compare][parsers]") {
    ScratchTree t;
    t.write("stressng-1-1.log",
            "stress-ng: info:  [1] dispatching hogs: 1 seccomp\n"
            "stress-ng: metrc: [1] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n"
            "stress-ng: metrc: [1]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n"
            "stress-ng: metrc: [1] seccomp             658      2.00      0.54      1.35       295.98         348.71\n"
            "stress-ng: info:  [1] successful run completed in 2.00s\n");
    Warnings w;
    Rows rows = parseStressNgMetrics(t.root(), w);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].metric == "bops-seccomp");
    CHECK(rows[0].value == "295.98");
    CHECK(rows[1].metric == "bops-successful");
    CHECK(rows[1].value.empty());
    CHECK(w.empty());
}

TEST_CASE("pipe-pingpong's RFC line gives loops, time per loop and the mode of every benchlog", "[compare][parsers]") {
    ScratchTree t;
    const char* perf = "# Running 'sched/pipe' benchmark:\n       7.205920 usecs/op\n";
    t.write("benchlog-_-_-1", std::string(perf) + "iters: 100000, t: 720592us, iter/sec: 138774, us/iter: 7\n"
                                                  "# pipe-pingpong: mode=d tasks=processes binding=pinned loop=perf-6.14\n");
    t.write("benchlog-_-_-2", std::string(perf));  // perf's own log: no RFC line, no row
    t.write("benchlog-_-_-10", "iters: 50000, t: 250001us, iter/sec: 199999, us/iter: 5\n");
    t.write("benchlog-_-_-11", "iters: lots, t: 1us\n");
    Warnings w;
    auto l = labels(parsePipePingpongRfc(t.root(), w));
    REQUIRE(l.size() == 5);
    CHECK(l[0] == "iters/_/1=100000");
    CHECK(l[1] == "iters/_/2=50000");
    CHECK(l[2] == "mode/d/1=1");
    CHECK(l[3] == "us-iter/_/1=7.205920");  // t / iters, not the RFC's integer us/iter
    CHECK(l[4] == "us-iter/_/2=5.000020");
    REQUIRE(w.size() == 1);
    CHECK(w[0].find("benchlog-_-_-11") != std::string::npos);
    CHECK(findNativeBenchmark("pipe-pingpong", "rfc")->parse == &parsePipePingpongRfc);
}

TEST_CASE("fiolike's IOPS report adds a total for a job that reads and writes", "[compare][parsers]") {
    std::vector<std::string> f(130, "0");
    f[0] = "3";
    f[2] = "rw70";
    f[5] = "700";    // read KiB
    f[7] = "7000";   // read IOPS
    f[46] = "300";   // write KiB
    f[48] = "3000";  // write IOPS
    std::string line;
    for (std::size_t i = 0; i < f.size(); ++i) line += (i ? ";" : "") + f[i];
    ScratchTree t;
    t.write("fio.log", line + "\n");
    Warnings w;
    auto l = labels(parseFiolikeIops(t.root(), w));
    REQUIRE(l.size() == 3);
    CHECK(l[0] == "kiops/rw70/1=7.000");
    CHECK(l[1] == "kiops/rw70/1=3.000");
    CHECK(l[2] == "kiops/rw70/1=10.000");
}

TEST_CASE("fio terse lines give read and write bandwidth only for directions that moved data", "[compare][parsers]") {
    std::vector<std::string> f(130, "0");
    f[0] = "3";
    f[2] = "randrw";
    f[5] = "100";
    f[44] = "4321.5";
    std::string line;
    for (std::size_t i = 0; i < f.size(); ++i) line += (i ? ";" : "") + f[i];
    ScratchTree t;
    t.write("fio.log", line + "\nfio: some warning\n");
    Warnings w;
    Rows rows = parseFioTerse(t.root(), w);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].metric == "kb/sec");
    CHECK(rows[0].factorA == "randrw");
    CHECK(rows[0].factorB == "read");
    CHECK(rows[0].value == "4321.5");
    REQUIRE(w.size() == 1);
    CHECK(w[0].find("fio.log:2:") != std::string::npos);
}

TEST_CASE("each of our workloads is read with the parser of the tool it stands in for", "[compare][parsers]") {
    CHECK(findNativeBenchmark("redis-zpopmin")->parse == &parseRedisThroughput);
    CHECK(findNativeBenchmark("redis-zpopmin", "latency")->parse == &parseRedisLatency);
    CHECK(findNativeBenchmark("pipe-pingpong")->parse == &parsePerfBenchPipe);
    CHECK(findNativeBenchmark("seccomp-churn")->parse == &parseStressNgMetrics);
    CHECK(findNativeBenchmark("fiolike")->parse == &parseFioTerse);
    CHECK(findNativeBenchmark("tbench") == nullptr);
}

TEST_CASE("will-it-scale benchlogs give one ops row per total: line, factor A sorted as numbers like line-parse-results", "[compare][parsers]") {
    ScratchTree t;
    t.write("benchlog-poll1_processes-1", "measurement\nmin:10 max:10 total:10\nmin:11 max:11 total:11\naverage:10\n");
    t.write("benchlog-futex4_processes-2", "measurement\nmin:5 max:7 total:12\naverage:12\n");
    t.write("benchlog-futex4_processes-1", "measurement\nmin:9 max:9 total:9\naverage:9\n");
    t.write("syscall-scale-futex4_processes-1.extra", "ns-per-op 111.5\n");
    Warnings w;
    Rows rows = parseWisBenchlog(t.root(), w);
    REQUIRE(rows.size() == 4);
    // sort -k2,2n: both names are 0 as numbers, so B, the second, then the whole line decide.
    CHECK(rows[0].factorA == "futex4_processes");
    CHECK(rows[0].factorB == "1");
    CHECK(rows[0].value == "9");
    CHECK(rows[1].factorA == "poll1_processes");
    CHECK(rows[1].value == "10");
    CHECK(rows[2].factorA == "poll1_processes");
    CHECK(rows[2].interval == "2");
    CHECK(rows[2].value == "11");
    CHECK(rows[3].factorA == "futex4_processes");
    CHECK(rows[3].factorB == "2");
    CHECK(rows[3].interval == "1");
    CHECK(rows[3].value == "12");
    CHECK(w.empty());

    Rows ns = parseSyscallScaleNsop(t.root(), w);
    REQUIRE(ns.size() == 1);
    CHECK(ns[0].metric == "ns-op");
    CHECK(ns[0].factorA == "futex4_processes");
    CHECK(ns[0].factorB == "1");
    CHECK(ns[0].value == "111.5");
}

TEST_CASE("a total: line without a number is read as MMTests reads it, with a warning", "[compare][parsers]") {
    ScratchTree t;
    t.write("benchlog-getppid1_threads-1", "measurement\ntotal:\n");
    Warnings w;
    Rows rows = parseWisBenchlog(t.root(), w);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].value.empty());
    CHECK(w.size() == 1);
}

TEST_CASE("fstime's unixbenchd.log gives each run's copy score, not the priming passes' COUNT lines", "[compare][parsers]") {
    ScratchTree t;
    t.write("unixbenchd.log",
            "COUNT|20774|0|KBps\nTIME|2.0\nCOUNT|32645|0|KBps\nTIME|2.0\nCOUNT|10651|0|KBps\nTIME|2.0\n"
            "Write done: 170000 in 2.0458, score 20774\nRead done: 261167 in 2.0000, score 32645\n"
            "Copy done: 85617 in 2.0095, score 10651\n"
            "COUNT|1|0|KBps\nCopy done: 86465 in 2.0037, score 10788\n");
    Warnings w;
    Rows rows = parseFstimeCopy(t.root(), w);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].metric == "fsbuffer");
    CHECK(rows[0].interval == "1");
    CHECK(rows[0].value == "10651");
    CHECK(rows[1].interval == "2");
    CHECK(rows[1].value == "10788");
    CHECK(w.empty());
}

TEST_CASE("the syscall workloads are read with the parser of the tool each stands in for", "[compare][parsers]") {
    CHECK(findNativeBenchmark("syscall-scale")->parse == &parseWisBenchlog);
    CHECK(findNativeBenchmark("syscall-scale", "nsop")->parse == &parseSyscallScaleNsop);
    CHECK(findNativeBenchmark("syscall-null")->parse == &parseStressNgMetrics);
    CHECK(findNativeBenchmark("syscall-fsbuffer")->parse == &parseFstimeCopy);
}
