// What earlier runs measured with the same settings, read from an untrusted tree.
#include "run-config/past_durations.hpp"

#include "common/temp_dir.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>

using namespace mmtp::runconfig;
namespace fs = std::filesystem;

namespace {

const std::string kRun = "Run: PIPE_PINGPONG_LOOPS=2000 /b/pipe-pingpong";

// One iteration as run-config writes it: runtime.opts and tests-timestamp.
void iteration(const fs::path& log, const std::string& run, int n, const std::string& runLine, int rc,
               const std::string& elapsed) {
    fs::path dir = log / run / ("iter-" + std::to_string(n));
    fs::create_directories(dir);
    std::ofstream(dir / "runtime.opts") << "Runtime options\n" << runLine << "\n";
    std::ofstream(dir / "tests-timestamp")
        << "start :: 1700000000\ntest begin :: pipe-pingpong 1700000002\n"
        << "test end :: pipe-pingpong 1700000004 " << rc << "\n"
        << (rc ? "Command exited with non-zero status " + std::to_string(rc) + "\n" : "")
        << "time :: pipe-pingpong 0.50 user 0.20 system " << elapsed << " elapsed\nfinish :: 1700000005\n";
}

}  // namespace

TEST_CASE("earlier iterations count only with the same Run: line and a successful end", "[run-config][past]") {
    mmtp::TempDir tmp("past-durations");
    const fs::path log = tmp.path() / "log";
    iteration(log, "a", 0, kRun, 0, "2.00");
    iteration(log, "a", 1, kRun, 0, "4.00");

    SECTION("the same settings and rc 0: used, with where they came from") {
        iteration(log, "b", 0, kRun, 0, "3.00");
        PastDurations p = pastDurations(log, "pipe-pingpong", kRun, "new");
        CHECK(p.seconds.size() == 3);
        REQUIRE(p.mean());
        CHECK(*p.mean() == Approx(3.0));
        std::vector<std::string> runs = p.runs;
        std::sort(runs.begin(), runs.end());
        CHECK(runs == std::vector<std::string>{"a", "b"});
        CHECK(p.logDir == log);
    }
    SECTION("other settings are not used") {
        iteration(log, "other", 0, "Run: PIPE_PINGPONG_LOOPS=9 /b/pipe-pingpong", 0, "90.00");
        PastDurations p = pastDurations(log, "pipe-pingpong", kRun, "new");
        CHECK(p.runs == std::vector<std::string>{"a"});
        CHECK(*p.mean() == Approx(3.0));
        CHECK_FALSE(pastDurations(log, "pipe-pingpong", "Run: PIPE_PINGPONG_LOOPS=1 /b/pipe-pingpong", "x").mean());
    }
    SECTION("a failed benchmark (rc 255) measured nothing") {
        iteration(log, "failed", 0, kRun, 255, "90.00");
        PastDurations p = pastDurations(log, "pipe-pingpong", kRun, "new");
        CHECK(p.runs == std::vector<std::string>{"a"});
        CHECK(p.seconds.size() == 2);
    }
    SECTION("an iteration cut short by Ctrl-C measured nothing, even if the bench exited 0") {
        iteration(log, "stopped", 0, kRun, 0, "0.50");
        std::ofstream(log / "stopped" / "iter-0" / "tests-timestamp", std::ios::app)
            << "interrupted :: pipe-pingpong 1700000004 2\n";
        CHECK(pastDurations(log, "pipe-pingpong", kRun, "new").runs == std::vector<std::string>{"a"});
    }
    SECTION("the run being planned is not its own measurement") {
        PastDurations p = pastDurations(log, "pipe-pingpong", kRun, "a");
        CHECK(p.seconds.empty());
        CHECK_FALSE(p.mean());
    }
    SECTION("a symlinked run dir, iteration or file is not followed") {
        iteration(tmp.path(), "elsewhere", 0, kRun, 0, "90.00");
        fs::create_directory_symlink(tmp.path() / "elsewhere", log / "linked");
        fs::create_directory_symlink(tmp.path() / "elsewhere" / "iter-0", log / "a" / "iter-2");
        iteration(log, "c", 0, kRun, 0, "90.00");
        fs::remove(log / "c" / "iter-0" / "runtime.opts");
        fs::create_symlink(log / "a" / "iter-0" / "runtime.opts", log / "c" / "iter-0" / "runtime.opts");
        PastDurations p = pastDurations(log, "pipe-pingpong", kRun, "new");
        CHECK(p.runs == std::vector<std::string>{"a"});
        CHECK(*p.mean() == Approx(3.0));
    }
    SECTION("garbage, FIFOs and oversized files are skipped, never thrown") {
        fs::create_directories(log / "junk" / "iter-0");
        std::ofstream(log / "junk" / "iter-0" / "runtime.opts") << kRun << "\n";
        std::ofstream(log / "junk" / "iter-0" / "tests-timestamp")
            << "test end :: pipe-pingpong x\ntime :: pipe-pingpong a user b system nan elapsed\n\xff\xfe\n";
        iteration(log, "fifo", 0, kRun, 0, "90.00");
        fs::remove(log / "fifo" / "iter-0" / "tests-timestamp");
        REQUIRE(::mkfifo((log / "fifo" / "iter-0" / "tests-timestamp").c_str(), 0600) == 0);
        iteration(log, "huge", 0, kRun, 0, "90.00");
        std::ofstream(log / "huge" / "iter-0" / "runtime.opts", std::ios::app) << std::string(70 * 1024, 'x');
        iteration(log, "cut", 0, kRun, 0, "90.00");  // a time line without its test end
        std::ofstream(log / "cut" / "iter-0" / "tests-timestamp")
            << "time :: pipe-pingpong 1 user 1 system 90 elapsed\n";
        std::ofstream(log / "a-file") << "not a run\n";
        PastDurations p = pastDurations(log, "pipe-pingpong", kRun, "new");
        CHECK(p.runs == std::vector<std::string>{"a"});
        CHECK(*p.mean() == Approx(3.0));
        CHECK(pastDurations(tmp.path() / "no-such-log", "pipe-pingpong", kRun, "new").seconds.empty());
    }
}
