#include "base/errors.hpp"
#include "fiolike/settings.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>

using namespace mmtp::fiolike;

namespace {
JobSpec specOf(std::vector<const char*> args) {
    args.insert(args.begin(), "fiolike");
    const JobPlan plan = jobPlanFrom(optionTable().parse(static_cast<int>(args.size()), args.data()));
    REQUIRE(plan.jobs.size() == 1);
    return plan.jobs.front();
}
}  // namespace

TEST_CASE("fiolike sizes and durations use fio's suffixes") {
    CHECK(parseSize("4k", "bs") == 4096);
    CHECK(parseSize("4KiB", "bs") == 4096);
    CHECK(parseSize("1G", "size") == (1ull << 30));
    CHECK(parseSize("512", "bs") == 512);
    CHECK_THROWS_AS(parseSize("4q", "bs"), mmtp::UsageError);
    CHECK_THROWS_WITH(parseSize("abc", "size"), Catch::Contains("--size"));
    CHECK(parseSize("2p", "size") == (2ull << 50));
    CHECK(parseSize("16383p", "size") == (16383ull << 50));
}

TEST_CASE("fiolike refuses sizes fio would not take instead of rounding or clamping them") {
    CHECK_THROWS_WITH(parseSize("1e30", "size"), Catch::Contains("--size: '1e30' is not a whole number"));
    CHECK_THROWS_WITH(parseSize("1.5g", "size"), Catch::Contains("not a whole number"));
    CHECK_THROWS_WITH(parseSize("-1", "size"), Catch::Contains("not a whole number"));
    CHECK_THROWS_WITH(parseSize("99999999999999t", "size"), Catch::Contains("--size: '99999999999999t' is too large"));
    CHECK_THROWS_WITH(parseSize("16384p", "size"), Catch::Contains("too large"));
    CHECK_THROWS_WITH(parseSize("18446744073709551616", "size"), Catch::Contains("too large"));
    CHECK(parseSize("18446744073709551615", "size") == 18446744073709551615ull);
    CHECK(parseDurationNs("2", "runtime") == 2000000000ull);
    CHECK(parseDurationNs("500ms", "runtime") == 500000000ull);
    CHECK(parseDurationNs("1m", "runtime") == 60000000000ull);
    CHECK_THROWS_WITH(parsePattern("randomread"), Catch::Contains("--rw"));
}

TEST_CASE("fiolike options fall back to the MMTests fio config variables") {
    setenv("FIO_IO_PATTERNS", "randrw", 1);
    setenv("FIO_BLOCK_SIZE", "8k", 1);
    setenv("FIO_IODEPTH", "16", 1);
    setenv("FIO_IOENGINE", "io_uring", 1);
    setenv("LOGDIR_RESULTS", "/tmp/x", 1);
    const JobSpec s = specOf({"--rwmixread", "70"});
    CHECK(s.pattern == Pattern::RandRW);
    CHECK(s.readPercent() == 70);
    CHECK(s.bs == 8192);
    CHECK(s.iodepth == 16);
    CHECK(s.name == "io_uring-randrw70-8k-j1-qd16");
    // the command line wins over the environment
    const JobSpec c = specOf({"--rw", "read", "--ioengine", "psync", "--iodepth", "4"});
    CHECK(c.pattern == Pattern::Read);
    CHECK(c.iodepth == 1);  // sync engines run at depth 1
    for (const char* v : {"FIO_IO_PATTERNS", "FIO_BLOCK_SIZE", "FIO_IODEPTH", "FIO_IOENGINE", "LOGDIR_RESULTS"}) unsetenv(v);
}

TEST_CASE("fiolike rejects bad options with a message naming the option") {
    CHECK_THROWS_WITH(specOf({"--logdir", "/tmp/x", "--ioengine", "libaio"}), Catch::Contains("--ioengine"));
    CHECK_THROWS_WITH(specOf({"--logdir", "/tmp/x", "--rwmixread", "101"}), Catch::Contains("--rwmixread"));
    CHECK_THROWS_WITH(specOf({"--logdir", "/tmp/x", "--time_based"}), Catch::Contains("--runtime"));
    CHECK_THROWS_WITH(specOf({"--logdir", "/tmp/x", "--size", "1k", "--bs", "4k"}), Catch::Contains("--size"));
    CHECK_THROWS_WITH(specOf({"--rw", "read"}), Catch::Contains("--logdir"));
}

TEST_CASE("fiolike refuses a negative --rwmixread instead of wrapping it") {
    CHECK_THROWS_WITH(specOf({"--logdir", "/tmp/x", "--rwmixread", "-5"}),
                      "--rwmixread: must be between 0 and 100 (got -5)");
    CHECK_THROWS_WITH(specOf({"--logdir", "/tmp/x", "--numjobs", "-1"}), Catch::StartsWith("--numjobs: must be between 1"));
}

TEST_CASE("fiolike --print-name gives the default job name without a log directory") {
    const JobSpec s = specOf({"--print-name", "--rw", "randrw", "--rwmixread", "70", "--iodepth", "32", "--ioengine", "io_uring"});
    CHECK(s.printName);
    CHECK(s.name == "io_uring-randrw70-4k-j1-qd32");
}

namespace {
JobPlan planOf(std::vector<const char*> args) {
    args.insert(args.begin(), "fiolike");
    return jobPlanFrom(optionTable().parse(static_cast<int>(args.size()), args.data()));
}
}  // namespace

TEST_CASE("fiolike runs one job per pattern and depth listed, patterns outermost, as MMTests' fio loops") {
    setenv("FIO_IO_PATTERNS", "randread randwrite", 1);
    setenv("FIO_IODEPTH", "1,32", 1);
    const JobPlan p = planOf({"--logdir", "/tmp/x", "--ioengine", "io_uring"});
    unsetenv("FIO_IO_PATTERNS");
    unsetenv("FIO_IODEPTH");
    REQUIRE(p.jobs.size() == 4);
    CHECK(p.jobs[0].name == "io_uring-randread-4k-j1-qd1");
    CHECK(p.jobs[1].name == "io_uring-randread-4k-j1-qd32");
    CHECK(p.jobs[2].name == "io_uring-randwrite-4k-j1-qd1");
    CHECK(p.jobs[3].name == "io_uring-randwrite-4k-j1-qd32");
    CHECK(p.jobs[3].pattern == Pattern::RandWrite);
    CHECK(p.jobs[3].iodepth == 32);
    // a comma-separated list on the command line, with stray blanks
    const JobPlan c = planOf({"--logdir", "/tmp/x", "--rw", " read, write ,"});
    REQUIRE(c.jobs.size() == 2);
    CHECK(c.jobs[1].rwText == "write");
}

TEST_CASE("fiolike refuses a bad list item, an empty list and one --name for many jobs") {
    CHECK_THROWS_WITH(planOf({"--logdir", "/tmp/x", "--rw", "read randomread"}), Catch::StartsWith("--rw: 'randomread'"));
    CHECK_THROWS_WITH(planOf({"--logdir", "/tmp/x", "--rw", " , "}), "--rw: ' , ' names nothing");
    CHECK_THROWS_WITH(planOf({"--logdir", "/tmp/x", "--iodepth", "1 0"}), "--iodepth: must be between 1 and 4096 (got 0)");
    CHECK_THROWS_WITH(planOf({"--logdir", "/tmp/x", "--iodepth", "-3"}), "--iodepth: must be between 1 and 4096 (got -3)");
    CHECK_THROWS_WITH(planOf({"--logdir", "/tmp/x", "--rw", "read,write", "--name", "x"}), Catch::StartsWith("--name: one name for 2 jobs"));
    CHECK(planOf({"--logdir", "/tmp/x", "--rw", "read", "--name", "x"}).jobs.front().name == "x");
}
