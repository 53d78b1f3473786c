// The journal of submitted LAVA jobs ("submitted BOOT JOB-ID PID"), which a
// resumed run reads to wait for a job instead of booting again.
#include "mitigation-matrix/lava_run.hpp"

#include "base/errors.hpp"

#include <catch2/catch.hpp>
#include <unistd.h>

using namespace mmtp;
using namespace mmtp::matrix;

TEST_CASE("the LAVA journal reads back what it wrote", "[mitigation-matrix][lava]") {
    const LavaJournal j{{3, {"1764950000003", 4242}}, {7, {"1764950100007", 0}}};
    CHECK(formatJournal(j) ==
          "mitigation-matrix-lava 1\nsubmitted 3 1764950000003 4242\nsubmitted 7 1764950100007 0\n");
    const LavaJournal back = parseJournal(formatJournal(j), "/w/matrix/lava/jobs");
    REQUIRE(back.size() == 2);
    CHECK(back.at(3).id == "1764950000003");
    CHECK(back.at(3).pid == 4242);
}

TEST_CASE("a journal line it did not write is refused, naming the file", "[mitigation-matrix][lava]") {
    CHECK_THROWS_WITH(parseJournal("x\n", "/w/j"), Catch::Contains("/w/j"));
    CHECK_THROWS_AS(parseJournal("mitigation-matrix-lava 1\nsubmitted 1 ../x 3\n", "/w/j"), Error);
    CHECK_THROWS_AS(parseJournal("mitigation-matrix-lava 1\nsubmitted -1 12 3\n", "/w/j"), Error);
    CHECK_THROWS_AS(parseJournal("mitigation-matrix-lava 1\nsubmitted 1 12 -3\n", "/w/j"), Error);
}

TEST_CASE("a pid is a job's lava-run only while it runs lava-run for that job", "[mitigation-matrix][lava]") {
    CHECK_FALSE(lavaRunAlive(::getpid(), "123"));  // this test is not lava-run
    CHECK_FALSE(lavaRunAlive(0, "123"));
}
