#include <catch2/catch.hpp>

#include "common/progress.hpp"

#include <chrono>
#include <sstream>
#include <thread>

using namespace mmtp;

namespace {
constexpr std::uint64_t kSec = 1'000'000'000u;
}

TEST_CASE("the ETA is the mean iteration time so far times the iterations left") {
    CHECK(etaSeconds(10 * kSec, 1, 5) == 40);   // 10 s each, 4 left
    CHECK(etaSeconds(30 * kSec, 3, 4) == 10);
    CHECK(etaSeconds(7 * kSec, 2, 5) == 11);    // 3.5 s * 3 = 10.5 -> 11
    CHECK(etaSeconds(kSec / 3, 1, 2) == 0);     // 0.33 s rounds to 0
    // 11 minutes of 14 iterations, one done: no overflow on long runs.
    CHECK(etaSeconds(660 * kSec, 1, 14) == 660 * 13);
}

TEST_CASE("the ETA is 0 before the first iteration ends and after the last") {
    CHECK(etaSeconds(5 * kSec, 0, 3) == 0);
    CHECK(etaSeconds(5 * kSec, 3, 3) == 0);
    CHECK(etaSeconds(0, 1, 3) == 0);
}

TEST_CASE("a progress line names the workload, the iteration, elapsed time and the ETA") {
    CHECK(progressLine("pipe-pingpong", 2, 5, 12 * kSec + 400'000'000u) ==
          "pipe-pingpong: iteration 2/5 done, elapsed 12s, ETA 19s");
    CHECK(progressLine("fiolike", 1, 2, 35 * kSec, "randread", "job") ==
          "fiolike: job 1/2 done (randread), elapsed 35s, ETA 35s");
    CHECK(progressLine("fiolike", 2, 2, 70 * kSec, "", "job") == "fiolike: job 2/2 done, elapsed 70s, ETA 0s");
}

TEST_CASE("Progress prints one line per finished iteration, counting up") {
    std::ostringstream out;
    Progress p("w", 3, out);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    p.iterationDone("a");
    p.iterationDone();
    CHECK(p.done() == 2);
    CHECK(out.str() == "w: iteration 1/3 done (a), elapsed 0s, ETA 0s\n"
                       "w: iteration 2/3 done, elapsed 0s, ETA 0s\n");
}
