#include <catch2/catch.hpp>

#include "input/run_validity.hpp"

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mmtp::compare;

namespace {

// A log tree in a temp dir: runs with iterations, stamps and logs as
// run-mmtests.sh and run-config write them.
struct Tree {
    fs::path root = fs::temp_directory_path() / ("run-validity-" + std::to_string(::getpid()));
    Tree() { fs::create_directories(root); }
    ~Tree() { fs::remove_all(root); }
    void write(const std::string& rel, const std::string& text) {
        fs::create_directories((root / rel).parent_path());
        std::ofstream(root / rel) << text;
    }
    // One iteration of bench with exit code rc, its logs, and optionally no test end.
    void iteration(const std::string& run, int n, const std::string& rc, bool ended = true, bool logs = true) {
        const std::string iter = run + "/iter-" + std::to_string(n);
        std::string stamps = "start :: 100\ntest begin :: redis-zpopmin 101\n";
        if (ended) stamps += "test end :: redis-zpopmin 160 " + rc + "\ntime :: redis-zpopmin 1.00 user 0.50 system 59.00 elapsed\n";
        write(iter + "/tests-timestamp", stamps);
        if (logs) write(iter + "/redis-zpopmin/logs/redis-1-1.log", "\"test\",\"rps\"\n");
    }
    void finished(const std::string& run, int status) {
        write(run + "/mmtests-activity", "100 run-mmtests: Start\n161 run-mmtests: End\n161 status :: " +
                                             std::to_string(status) + "\n");
    }
};

RunValidity check(Tree& t, const std::string& run) {
    Warnings w;
    return checkRunValidity(t.root / run, run, "redis-zpopmin", w);
}

}  // namespace

TEST_CASE("a run that ended with status 0 and has logs is valid", "[compare][input][validity]") {
    Tree t;
    t.iteration("good", 0, "0");
    t.iteration("good", 1, "0");
    t.finished("good", 0);
    RunValidity v = check(t, "good");
    CHECK(v.valid());
    CHECK(v.iterations == 2);
    CHECK(v.reason.empty());
}

TEST_CASE("a benchmark that exited non-zero makes the run failed, naming the iteration", "[compare][input][validity]") {
    Tree t;
    t.iteration("bad", 0, "0");
    t.iteration("bad", 1, "255");
    t.finished("bad", 255);
    RunValidity v = check(t, "bad");
    CHECK(v.problem == RunProblem::Failed);
    CHECK(v.reason == "redis-zpopmin exited 255 in iter-1");
    CHECK(std::string(problemName(v.problem)) == "failed");
}

TEST_CASE("run-config's interrupted mark or status 130 makes the run interrupted", "[compare][input][validity]") {
    Tree t;
    t.iteration("cut", 0, "0", false);
    t.write("cut/iter-0/tests-timestamp", "start :: 1\ntest begin :: redis-zpopmin 2\ninterrupted :: redis-zpopmin 9 2\n");
    t.finished("cut", 130);
    RunValidity v = check(t, "cut");
    CHECK(v.problem == RunProblem::Interrupted);
    CHECK(v.reason == "redis-zpopmin was interrupted in iter-0 (signal 2)");

    t.iteration("ctrlc", 0, "0");
    t.finished("ctrlc", 130);
    CHECK(check(t, "ctrlc").problem == RunProblem::Interrupted);
}

TEST_CASE("a benchmark that began and never ended (SIGKILL) makes the run incomplete", "[compare][input][validity]") {
    Tree t;
    t.iteration("killed", 0, "0", false);
    t.write("killed/mmtests-activity", "100 run-mmtests: Start\n");
    RunValidity v = check(t, "killed");
    CHECK(v.problem == RunProblem::Incomplete);
    CHECK(v.reason == "redis-zpopmin started in iter-0 but never ended (killed?)");
}

TEST_CASE("a run whose whole experiment never finished is incomplete", "[compare][input][validity]") {
    Tree t;
    t.iteration("stopped", 0, "0");
    t.write("stopped/mmtests-activity", "100 run-mmtests: Start\n");
    CHECK(check(t, "stopped").problem == RunProblem::Incomplete);
}

TEST_CASE("a run without the benchmark's logs has no logs", "[compare][input][validity]") {
    Tree t;
    t.iteration("nologs", 0, "0", true, false);
    t.finished("nologs", 0);
    RunValidity v = check(t, "nologs");
    CHECK(v.problem == RunProblem::NoLogs);
    CHECK(v.reason == "no logs in iter-0/redis-zpopmin/logs");
}

TEST_CASE("a finished run with fewer iterations than its peers is complete: it ran its own plan",
          "[compare][input][validity]") {
    // A rerun with more iterations, as a report asks for, must not withhold the others' verdict.
    Tree t;
    for (int i = 0; i < 6; ++i) t.iteration("rerun", i, "0");
    t.finished("rerun", 0);
    for (int i = 0; i < 3; ++i) t.iteration("first", i, "0");
    t.finished("first", 0);
    Warnings w;
    auto all = checkRunsValidity(t.root, {"first", "rerun"}, "redis-zpopmin", w);
    REQUIRE(all.size() == 2);
    CHECK(all[0].valid());
    CHECK(all[0].iterations == 3);
    CHECK(all[1].valid());
    CHECK(all[1].iterations == 6);
}

TEST_CASE("a tree without run records (old trees, golden cases) is valid", "[compare][input][validity]") {
    Tree t;
    t.write("plain/iter-0/redis-zpopmin/logs/redis-1-1.log", "x\n");
    CHECK(check(t, "plain").valid());
}

TEST_CASE("another benchmark's records do not count", "[compare][input][validity]") {
    Tree t;
    t.iteration("mixed", 0, "0");
    t.write("mixed/iter-0/tests-timestamp", "test begin :: redis-zpopmin 1\ntest end :: redis-zpopmin 2 0\n"
                                            "test begin :: redis-zpopmin-other 3\ntest end :: redis-zpopmin-other 4 1\n");
    t.finished("mixed", 1);
    CHECK(check(t, "mixed").valid());
}

TEST_CASE("a test end line without an exit code (MMTests of 2020) is exit unknown, not failed",
          "[compare][input][validity]") {
    Tree t;
    // 2020's run-mmtests.sh wrote "test end :: BENCH T", nor an mmtests-activity status line
    t.write("old/iter-0/tests-timestamp",
            "start :: 100\ntest begin :: redis-zpopmin 101\n"
            "test end :: redis-zpopmin 160\nfinish :: 161\n");
    t.write("old/iter-0/redis-zpopmin/logs/redis-1-1.log", "\"test\",\"rps\"\n");
    RunValidity v = check(t, "old");
    CHECK(v.valid());
    CHECK(v.exitUnknown);
    CHECK(v.iterations == 1);
    // A recorded non-zero code is still a failure, and a recorded 0 is known
    t.iteration("bad", 0, "1");
    CHECK(check(t, "bad").problem == RunProblem::Failed);
    t.iteration("good", 0, "0");
    CHECK(!check(t, "good").exitUnknown);
}
