// The report side of the workloads' clock record (NAME-clock.json): what it
// warns about, and that a bad or hostile record costs one warning.
#include "input/clock_record.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace mmtp::compare;
namespace fs = std::filesystem;

namespace {
const char* kShortAndNoisy = R"json({
  "workload": "redis-zpopmin", "clock": "redis-benchmark's whole milliseconds (--rps-clock ms)",
  "resolution_ns": 1e+06, "min_ticks": 1000, "span_setting": "REDIS_ZPOPMIN_REQUESTS (--requests, -n)",
  "samples": 6, "short_samples": 6, "shortest_span_ns": 5100000, "shortest_sample": "ZADD clients 1 iteration 2",
  "shortest_ticks": 5.1, "iterations": 3, "iterations_setting": "REDIS_ZPOPMIN_ITERATIONS (--iterations)",
  "target_change_pct": 5, "series": [
    {"name": "ZADD clients 1", "n": 3, "mean": 1.5e+06, "cov_pct": 1.2, "detectable_change_pct": 3.8},
    {"name": "ZPOPMIN\u001b[2J clients 1", "n": 3, "mean": 975000, "cov_pct": 34.2, "detectable_change_pct": 77.5}
  ]
})json";
}  // namespace

TEST_CASE("a clock record's short samples and noisy series are warned about, naming the settings", "[compare][clock-record]") {
    Warnings w = clockRecordTextWarnings(kShortAndNoisy, "A/iter-0/redis-zpopmin/logs/redis-zpopmin-clock.json");
    REQUIRE(w.size() == 2);
    CHECK(w[0] == "A/iter-0/redis-zpopmin/logs/redis-zpopmin-clock.json: 6 of 6 samples lasted under 1000 ticks of "
                  "redis-benchmark's whole milliseconds (--rps-clock ms) (shortest: ZADD clients 1 iteration 2, 5 "
                  "ticks), so their rates are quantised; raise REDIS_ZPOPMIN_REQUESTS (--requests, -n)");
    // the quiet series says nothing; the noisy one's escape byte is not printed raw
    CHECK(w[1] == "A/iter-0/redis-zpopmin/logs/redis-zpopmin-clock.json: ZPOPMIN?[2J clients 1: CoV 34.2 % over 3 "
                  "iterations; changes under 78 % cannot be called significant, so a verdict on it is inconclusive "
                  "below that; raise REDIS_ZPOPMIN_ITERATIONS (--iterations)");
}

TEST_CASE("a record with nothing to say, and one that is not JSON", "[compare][clock-record]") {
    CHECK(clockRecordTextWarnings(R"({"short_samples": 0, "target_change_pct": 5, "series": []})", "f").empty());
    CHECK(clockRecordTextWarnings("{\"short_samples\": ", "f") ==
          Warnings{"f: not a clock record (not a JSON object); ignored"});
    CHECK(clockRecordTextWarnings("[1, 2]", "f") == Warnings{"f: not a clock record (not a JSON object); ignored"});
}

TEST_CASE("records are found under RUN/iter-N/BENCH/logs; a symlinked one is refused", "[compare][clock-record]") {
    char dir[] = "/tmp/clock-record-XXXXXX";
    REQUIRE(::mkdtemp(dir));
    fs::path logs = fs::path(dir) / "A" / "iter-1" / "redis-zpopmin" / "logs";
    fs::create_directories(logs);
    std::ofstream(logs / "redis-zpopmin-clock.json") << kShortAndNoisy;
    fs::create_symlink("/etc/passwd", logs / "other-clock.json");
    Warnings w = clockRecordWarnings(fs::path(dir), "A");
    REQUIRE(w.size() == 3);
    CHECK(w[0] == "A/iter-1/redis-zpopmin/logs/other-clock.json: not a regular file; ignored");
    CHECK(w[1].rfind("A/iter-1/redis-zpopmin/logs/redis-zpopmin-clock.json: 6 of 6 samples", 0) == 0);
    CHECK(clockRecordWarnings(fs::path(dir), "B").empty());
    fs::remove_all(dir);
}

TEST_CASE("a record nested past 8 levels or holding too many values is one warning naming the bound",
          "[compare][clock-record]") {
    // 1 MiB of '[' cost about 70 MB as a json tree, 32 MiB cost 2.2 GB.
    CHECK(clockRecordTextWarnings(std::string(std::size_t{1} << 20, '['), "f") ==
          Warnings{"f: JSON nested deeper than 8 levels (the clock record limit); not read"});
    CHECK(clockRecordTextWarnings("[[[[[[[[1]]]]]]]]", "f") ==
          Warnings{"f: not a clock record (not a JSON object); ignored"});  // 8 deep: parsed
    std::string many = "{\"series\": [0";
    for (int i = 0; i < 70000; ++i) many += ",0";
    CHECK(clockRecordTextWarnings(many + "]}", "f") ==
          Warnings{"f: more than 65536 JSON values (the clock record limit); not read"});
}

TEST_CASE("a record larger than 1 MiB is refused before it is read whole", "[compare][clock-record]") {
    char dir[] = "/tmp/clock-record-XXXXXX";
    REQUIRE(::mkdtemp(dir));
    fs::path logs = fs::path(dir) / "A" / "iter-0" / "pipe-pingpong" / "logs";
    fs::create_directories(logs);
    std::ofstream(logs / "pipe-pingpong-clock.json") << std::string((std::size_t{1} << 20) + 1, ' ') << "{}";
    Warnings w = clockRecordWarnings(fs::path(dir), "A");
    REQUIRE(w.size() == 1);
    CHECK(w[0] == (logs / "pipe-pingpong-clock.json").string() + ": holds more than 1 MiB (the read limit); not read");
    fs::remove_all(dir);
}
