// run-config's run-level progress line and its learning ETA.
#include "run-config/run_progress.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::runconfig;

TEST_CASE("before any measurement the ETA is the dry-run estimate of the whole run", "[run-config][progress]") {
    RunProgress p(3, {"ibpb-pulse", "redis-zpopmin"}, {1.0, 9.0}, 2.0);
    CHECK(p.line(0, 0, 0.2) == "run-config: iteration 1/3, benchmark 1/2 (ibpb-pulse), elapsed 0s, ETA 36s");
    CHECK(*p.remaining(0, 1) == Approx(9 + 2 * 12));  // this iteration's overhead is spent
}

TEST_CASE("measured benchmarks replace their estimates, and scale the ones not run yet", "[run-config][progress]") {
    RunProgress p(2, {"a", "b"}, {10.0, 20.0}, 1.0);
    p.benchDone(0, 5.0);  // a took half its estimate: b is expected at half too
    CHECK(*p.remaining(0, 1) == Approx(10 + (5 + 10 + 1)));
    p.benchDone(1, 16.0);
    p.iterationDone(24.0);  // 3 s outside the benchmarks
    CHECK(*p.remaining(1, 0) == Approx(5 + 16 + 3));
    CHECK(p.line(1, 1, 24.4) == "run-config: iteration 2/2, benchmark 2/2 (b), elapsed 24s, ETA 16s");
}

TEST_CASE("a benchmark without an estimate makes the ETA unknown until it has run once", "[run-config][progress]") {
    RunProgress p(2, {"a", "mystery"}, {10.0, std::nullopt}, 0.0);
    CHECK(p.line(0, 0, 0) == "run-config: iteration 1/2, benchmark 1/2 (a), elapsed 0s, ETA unknown");
    p.benchDone(0, 10.0);
    p.benchDone(1, 4.0);
    p.iterationDone(14.0);
    CHECK(*p.remaining(1, 0) == Approx(14));
}
