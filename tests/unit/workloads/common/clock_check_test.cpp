// The clock record every workload writes (NAME-clock.json) and its run-time
// warnings: a sample under 1000 ticks of its clock, a series too noisy for
// a verdict at the configured iterations.
#include "common/clock_check.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace mmtp;

namespace {
ClockSpec spec(double resolutionNs, int iterations) {
    return {"demo", "a test clock", resolutionNs, "DEMO_LOOPS", "DEMO_ITERATIONS", iterations};
}
}  // namespace

TEST_CASE("the smallest significant change follows Student's t over both runs", "[clock-check]") {
    // t(0.975, 8) = 2.306: 5 samples a run, CoV 10 %: 2.306 * 10 * sqrt(2/5).
    CHECK(detectableChangePct(10, 5) == Approx(2.306004 * 10 * std::sqrt(0.4)).epsilon(1e-5));
    CHECK(std::isnan(detectableChangePct(10, 1)));
    // CoV 34 %: far more than 5 iterations for a 5 % change.
    int n = iterationsForTarget(34);
    CHECK(detectableChangePct(34, n) <= kTargetChangePct);
    CHECK(detectableChangePct(34, n - 1) > kTargetChangePct);
    CHECK(iterationsForTarget(0) == 2);
}

TEST_CASE("a sample under 1000 ticks warns once, naming the setting; longer ones do not", "[clock-check]") {
    std::ostringstream err;
    ClockCheck c(spec(1e6, 3), err);  // a 1 ms clock
    c.span("A iteration 1", 2'000'000'000);
    CHECK(err.str().empty());
    c.span("A iteration 2", 37'000'000);  // 37 ticks
    CHECK(err.str() == "demo: warning: A iteration 2 lasted 37 ticks of its clock (a test clock, tick 1000000 ns), "
                       "under 1000: its rate is quantised; raise DEMO_LOOPS\n");
    c.span("A iteration 3", 5'000'000);
    CHECK(err.str().find("A iteration 3") == std::string::npos);  // one line, not one a sample
    std::string j = c.json();
    CHECK(j.find("\"shortest_span_ns\": 5000000") != std::string::npos);
    CHECK(j.find("\"shortest_sample\": \"A iteration 3\"") != std::string::npos);
    CHECK(j.find("\"shortest_ticks\": 5,") != std::string::npos);
    CHECK(j.find("\"short_samples\": 2,") != std::string::npos);
    CHECK(j.find("\"resolution_ns\": 1000000,") != std::string::npos);
}

TEST_CASE("a noisy series warns at finish with the iterations it would need; a quiet one does not", "[clock-check]") {
    std::ostringstream err;
    ClockCheck c(spec(1, 5), err);
    for (double v : {100.0, 101.0, 99.0, 100.5, 99.5}) c.rate("quiet", v);  // CoV 0.8 %
    for (double v : {100.0, 160.0, 70.0, 130.0, 90.0}) c.rate("noisy \"op\"", v);
    char dir[] = "/tmp/clock-check-XXXXXX";
    REQUIRE(::mkdtemp(dir));
    c.finish(dir);
    CHECK(err.str().find("quiet") == std::string::npos);
    CHECK(err.str().rfind("demo: warning: noisy \"op\": CoV 32.1 % over 5 samples; two runs like this cannot call a "
                          "change under 47 % significant (95 %): a verdict on it would be inconclusive; raise "
                          "DEMO_ITERATIONS (about ",
                          0) == 0);
    std::ifstream in(std::filesystem::path(dir) / "demo-clock.json");
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str() == c.json());
    CHECK(text.str().find("{\"name\": \"noisy \\\"op\\\"\", \"n\": 5, \"mean\": 110, \"cov_pct\": 32.1") !=
          std::string::npos);
    std::filesystem::remove_all(dir);
}
