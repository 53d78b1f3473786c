// syscall-scale's pieces that do not need a kernel to agree: will-it-scale's
// placement, its log lines, fstime's log, the option rules.
#include <catch2/catch.hpp>

#include "syscall-scale/fsbuffer_run.hpp"
#include "syscall-scale/settings.hpp"
#include "syscall-scale/placement.hpp"
#include "syscall-scale/wis_cases.hpp"
#include "syscall-scale/wis_run.hpp"
#include "base/errors.hpp"

#include <cstdlib>

using namespace mmtp::syscallscale;

namespace {
// Two cores of two hardware threads each: {0,2} and {1,3} (the usual Intel numbering).
std::vector<int> smtPairs(int cpu) { return {cpu % 2, cpu % 2 + 2}; }
std::vector<int> noSmt(int cpu) { return {cpu}; }

// An environment variable set for one scope, as the shellpack's config sets it.
struct EnvVar {
    EnvVar(const char* n, const char* v) : name(n) { ::setenv(n, v, 1); }
    ~EnvVar() { ::unsetenv(name); }
    const char* name;
};
}  // namespace

TEST_CASE("tasks go one per core, then wrap, as will-it-scale places them", "[syscall-scale]") {
    auto cpus = taskCpus(Affinity::Cores, 3, {0, 1, 2, 3}, smtPairs);
    REQUIRE(cpus.size() == 3);
    CHECK(cpus[0] == std::vector<int>{0, 2});
    CHECK(cpus[1] == std::vector<int>{1, 3});
    CHECK(cpus[2] == std::vector<int>{0, 2});
    SECTION("-m: one hardware thread each") {
        auto t = taskCpus(Affinity::Smt, 5, {0, 1, 2, 3}, smtPairs);
        CHECK(t[1] == std::vector<int>{1});
        CHECK(t[4] == std::vector<int>{0});
    }
    SECTION("-n: anywhere") {
        for (const auto& t : taskCpus(Affinity::None, 2, {0, 1}, noSmt)) CHECK(t.empty());
    }
    SECTION("a sibling we may not use is left out of the core's set") {
        auto t = taskCpus(Affinity::Cores, 1, {2}, smtPairs);
        CHECK(t[0] == std::vector<int>{2});
    }
}

TEST_CASE("the benchlog is what MMTests' wis shellpack keeps of will-it-scale's output", "[syscall-scale]") {
    std::vector<WisSample> s{{3, 5, 8}, {4, 6, 11}};
    CHECK(sampleLine(s[0]) == "min:3 max:5 total:8");
    CHECK(benchlogText(s) == "measurement\nmin:3 max:5 total:8\nmin:4 max:6 total:11\naverage:9\n");
    CHECK(benchlogName("futex4", Model::Processes, 2) == "benchlog-futex4_processes-2");
    CHECK(extraName("pread1", Model::Threads, 1) == "syscall-scale-pread1_threads-1.extra");
}

TEST_CASE("fstime's log has the unbuffered COUNT lines first, then its stdout", "[syscall-scale]") {
    FstimeScores f;
    f.write = 20774;
    f.read = 32645;
    f.copy = 10651;
    f.writeSecs = 2.0458;
    f.readSecs = 2.0;
    f.copySecs = 2.0095;
    f.writeCounted = 170000;
    f.readCounted = 261167;
    f.copyCounted = 85617;
    CHECK(fstimeLogText(f) ==
          "COUNT|20774|0|KBps\nTIME|2.0\nCOUNT|32645|0|KBps\nTIME|2.0\nCOUNT|10651|0|KBps\nTIME|2.0\n"
          "Write done: 170000 in 2.0458, score 20774\nRead done: 261167 in 2.0000, score 32645\n"
          "Copy done: 85617 in 2.0095, score 10651\n");
}

TEST_CASE("every testcase the issue asks for exists, and an unknown one is refused by name", "[syscall-scale]") {
    for (const char* c : {"futex1", "futex2", "futex3", "futex4", "pread1", "pread2", "pread3", "pwrite1", "pwrite2",
                          "pwrite3", "poll1", "poll2", "getppid1", "lseek1", "lseek2", "signal1", "sched_yield"})
        CHECK(findWisCase(c) != nullptr);
    const char* argv[] = {"syscall-scale", "--workloads", "futex4,open1", "--logdir", "/tmp"};
    try {
        wisConfigFrom(wisOptions().parse(5, argv));
        FAIL("open1 accepted");
    } catch (const mmtp::UsageError& e) {
        CHECK(std::string(e.what()).find("unknown testcase 'open1'") != std::string::npos);
    }
    const char* bad[] = {"syscall-scale", "--models", "processes,fibers", "--logdir", "/tmp"};
    CHECK_THROWS_AS(wisConfigFrom(wisOptions().parse(5, bad)), mmtp::UsageError);
    const char* both[] = {"syscall-scale", "--models", "processes,threads", "--min-threads", "3", "--max-threads", "12", "--logdir", "/tmp"};
    WisConfig c = wisConfigFrom(wisOptions().parse(9, both));
    CHECK(c.models.size() == 2);
    CHECK(powerTwoSweep(c.minThreads, c.maxThreads) == std::vector<unsigned>{3, 6, 12});
}

TEST_CASE("the task counts double from the minimum and always end at the maximum", "[syscall-scale]") {
    CHECK(powerTwoSweep(1, 1) == std::vector<unsigned>{1});
    CHECK(powerTwoSweep(1, 8) == std::vector<unsigned>{1, 2, 4, 8});
    CHECK(powerTwoSweep(1, 6) == std::vector<unsigned>{1, 2, 4, 6});
    CHECK(powerTwoSweep(5, 5) == std::vector<unsigned>{5});
    CHECK(powerTwoSweep(2048, 2048) == std::vector<unsigned>{2048});
}

TEST_CASE("models and placements read back as their names; others are refused by option", "[syscall-scale]") {
    for (Affinity a : {Affinity::Cores, Affinity::Smt, Affinity::None}) CHECK(parseAffinity(affinityName(a)) == a);
    for (Model m : {Model::Processes, Model::Threads}) CHECK(parseModel(modelName(m)) == m);
    CHECK_THROWS_WITH(parseAffinity("numa"), "--affinity: use cores, smt or none (got 'numa')");
    CHECK_THROWS_WITH(parseModel("Threads"), "--models: use processes or threads (got 'Threads')");
}

TEST_CASE("the three programs read their MMTests variables and refuse crossed bounds", "[syscall-scale]") {
    WisConfig w;
    {
        EnvVar workloads("SYSCALL_SCALE_WORKLOADS", "poll2 lseek1");
        EnvVar affinity("SYSCALL_SCALE_AFFINITY", "smt");
        const char* wis[] = {"syscall-scale", "--logdir", "/tmp"};
        w = wisConfigFrom(wisOptions().parse(3, wis));
    }
    CHECK(w.workloads == std::vector<std::string>{"poll2", "lseek1"});
    CHECK(w.affinity == Affinity::Smt);
    CHECK(w.models == std::vector<Model>{Model::Processes});
    CHECK(w.seconds == 5);
    CHECK(w.warmup == 6);

    const char* crossed[] = {"syscall-null", "--min-threads", "4", "--max-threads", "2", "--logdir", "/tmp"};
    CHECK_THROWS_WITH(nullConfigFrom(nullOptions().parse(7, crossed)),
                      "--max-threads (2) is smaller than --min-threads (4)");
    const char* fs[] = {"syscall-fsbuffer", "--settle", "no", "-b", "1024", "--logdir", "/tmp"};
    FsbufferConfig f = fsbufferConfigFrom(fsbufferOptions().parse(7, fs));
    CHECK_FALSE(f.settle);
    CHECK(f.bufsize == 1024);
    CHECK(f.maxBlocks == 500);
}
