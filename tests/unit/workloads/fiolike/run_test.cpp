// Runs real (small) jobs on files under /tmp.
#include "base/errors.hpp"
#include "fiolike/job_runner.hpp"
#include "fiolike/run.hpp"
#include "common/temp_dir.hpp"
#include "fiolike/target_file.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>

using namespace mmtp::fiolike;
namespace fs = std::filesystem;

namespace {
JobSpec smallJob(const std::string& dir, Pattern p, const std::string& engine, unsigned depth) {
    JobSpec s;
    s.name = "t";
    s.pattern = p;
    s.size = 4 << 20;
    s.bs = 4096;
    s.ioengine = engine;
    s.iodepth = engine == "psync" ? 1 : depth;
    s.directory = dir;
    s.logdir = dir;
    return s;
}
}  // namespace

TEST_CASE("fiolike psync and io_uring do the same IO for the same job") {
    const mmtp::TempDir scratch("fiolike-ut", "/tmp");
    const std::string dir = scratch.path().string();
    for (Pattern p : {Pattern::Read, Pattern::RandRead, Pattern::RandWrite, Pattern::RandRW}) {
        const RunResult a = runAll(smallJob(dir, p, "psync", 1));
        const RunResult b = runAll(smallJob(dir, p, "io_uring", 16));
        // size-based: exactly size/bs IOs, split the same way (same seed)
        CHECK(a.group.totalIos() == 1024);
        CHECK(b.group.totalIos() == 1024);
        CHECK(a.group.dir[kRead].totalIos == b.group.dir[kRead].totalIos);
        CHECK(a.group.dir[kWrite].ioBytes == b.group.dir[kWrite].ioBytes);
        CHECK(a.group.dir[kRead].clatHist.count() == a.group.dir[kRead].totalIos);
        CHECK(b.group.dir[kRead].slat.samples == b.group.dir[kRead].totalIos);  // async engines record slat
        CHECK(a.group.dir[kRead].slat.samples == 0);                             // psync does not
    }
    CHECK(fs::is_empty(dir));  // the job files we created are gone
}

TEST_CASE("fiolike randrw honours rwmixread over a whole run") {
    const mmtp::TempDir scratch("fiolike-ut", "/tmp");
    const std::string dir = scratch.path().string();
    JobSpec s = smallJob(dir, Pattern::RandRW, "io_uring", 8);
    s.size = 8 << 20;
    s.rwmixread = 70;
    const RunResult r = runAll(s);
    const double reads = static_cast<double>(r.group.dir[kRead].totalIos);
    CHECK(reads / static_cast<double>(r.group.totalIos()) == Approx(0.70).margin(0.03));
}

TEST_CASE("fiolike numjobs run in parallel, one file each, reported as one group") {
    const mmtp::TempDir scratch("fiolike-ut", "/tmp");
    const std::string dir = scratch.path().string();
    JobSpec s = smallJob(dir, Pattern::RandRead, "psync", 1);
    s.numjobs = 2;
    const RunResult r = runAll(s);
    REQUIRE(r.jobs.size() == 2);
    CHECK(r.files.size() == 2);
    CHECK(r.group.totalIos() == 2048);
    CHECK(r.group.totalRunTimeMs == r.jobs[0].totalRunTimeMs + r.jobs[1].totalRunTimeMs);
    CHECK(fs::is_empty(dir));
}

TEST_CASE("fiolike time_based jobs stop at runtime and take bandwidth samples") {
    const mmtp::TempDir scratch("fiolike-ut", "/tmp");
    const std::string dir = scratch.path().string();
    JobSpec s = smallJob(dir, Pattern::RandRead, "psync", 1);
    s.timeBased = true;
    s.runtimeNs = 700'000'000;
    s.rampNs = 100'000'000;
    const RunResult r = runAll(s);
    CHECK(r.group.totalRunTimeMs >= 700);
    CHECK(r.group.totalRunTimeMs < 1500);
    CHECK(r.group.dir[kRead].bw.samples >= 1);  // one per 500 ms
    CHECK(r.processCpuUs > 0);
}

TEST_CASE("fiolike reads and keeps a file it did not create, never writes or extends it, and removes one it did") {
    const mmtp::TempDir scratch("fiolike-ut", "/tmp");
    const std::string dir = scratch.path().string();
    const std::string mine = dir + "/existing";
    { std::ofstream(mine) << std::string(8192, 'x'); }
    // Someone's file (results, data): a write job or a layout to a larger
    // size would destroy it.
    CHECK_THROWS_WITH(TargetFile(TargetRequest{mine, 8192, 4096, false, true}),
                      Catch::Contains("exists and fiolike did not create it; refusing to write to it"));
    CHECK_THROWS_WITH(TargetFile(TargetRequest{mine, 1 << 20, 4096, false, false}),
                      Catch::Contains("refusing to lay it out to 1 MiB"));
    CHECK(fs::file_size(mine) == 8192u);
    {
        TargetRequest req{mine, 8192, 4096, false, false};
        TargetFile f(req);
        CHECK_FALSE(f.created());
        CHECK(f.size() == 8192u);
    }
    CHECK(fs::exists(mine));
    // Never a job file in the log directory, even to read.
    TargetRequest inLogs{mine, 8192, 4096, false, false};
    inLogs.logdir = dir;
    CHECK_THROWS_WITH(TargetFile(inLogs), Catch::Contains("is in the log directory"));
    const std::string ours = dir + "/new";
    {
        TargetRequest req{ours, 1 << 20, 4096, false, false};
        TargetFile f(req);
        CHECK(f.created());
        CHECK(fs::file_size(ours) == (1u << 20));
    }
    CHECK_FALSE(fs::exists(ours));
}

TEST_CASE("fiolike refuses a target that is neither a file nor a block device") {
    CHECK_THROWS_WITH(TargetFile(TargetRequest{"/dev/null", 1 << 20, 4096, false, false}),
                      Catch::Contains("neither a regular file nor a block device"));
}
