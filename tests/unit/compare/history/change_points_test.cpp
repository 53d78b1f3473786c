// Change points on synthetic series with known shifts (fixed seeds): each
// shift is found at the first run after it, none in flat series, and the
// newest run's bisect status says regression only when it regressed.
#include "history/change_points.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

using namespace mmtp::compare;
using namespace mmtp::compare::store;

namespace {

// runs x iterations of N(level, sd), level changing by shifts[k].second
// (a fraction) from run shifts[k].first on.
std::vector<SeriesRun> series(unsigned seed, std::size_t runs, std::size_t iterations, double sd,
                              const std::vector<std::pair<std::size_t, double>>& shifts) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> noise(0, sd);
    std::vector<SeriesRun> s;
    double level = 100;
    for (std::size_t r = 0; r < runs; ++r) {
        for (const auto& [at, by] : shifts)
            if (at == r) level *= 1 + by;
        SeriesRun run{{}, std::nullopt};
        for (std::size_t i = 0; i < iterations; ++i) run.means.push_back(level + noise(rng));
        s.push_back(std::move(run));
    }
    return s;
}

std::vector<std::size_t> positions(const std::vector<ChangePoint>& c) {
    std::vector<std::size_t> p;
    for (const ChangePoint& x : c) p.push_back(x.firstRun);
    return p;
}

}  // namespace

TEST_CASE("each shift is found at the first run after it, with its size and call", "[store][change-points]") {
    // Two shifts of 12-13 times a run's noise: both found in every series,
    // and (the run as the unit: 30 values, not 150) a false one beside them
    // in at most one series of the 20.
    int extra = 0;
    for (unsigned seed = 1; seed <= 20; ++seed) {
        CAPTURE(seed);
        std::vector<SeriesRun> s = series(seed, 30, 5, 1.0, {{10, 0.06}, {20, -0.05}});
        std::vector<ChangePoint> c = findChangePoints(s, true);
        auto at = [&c](std::size_t run) {
            return std::find_if(c.begin(), c.end(), [run](const ChangePoint& p) { return p.firstRun == run; });
        };
        REQUIRE(at(10) != c.end());
        REQUIRE(at(20) != c.end());
        extra += static_cast<int>(c.size()) - 2;
        CHECK(at(10)->call.call == Call::Improvement);
        CHECK(at(10)->call.change.changePct == Approx(6).margin(1));
        CHECK(at(10)->call.change.lowPct > 0);
        CHECK(at(20)->call.call == Call::Regression);
        CHECK(at(20)->call.change.changePct == Approx(-5).margin(1));
    }
    CHECK(extra <= 1);
}

TEST_CASE("a flat series has no change point, and false alarms stay under alpha", "[store][change-points]") {
    CHECK(findChangePoints(series(100, 40, 5, 2.0, {}), true).empty());
    // Each series may raise a false change point with probability <= 5 %
    // (Bonferroni over its splits): of 200 flat series, about 10 at most.
    int alarms = 0;
    for (unsigned seed = 1000; seed < 1200; ++seed) alarms += !findChangePoints(series(seed, 40, 5, 2.0, {}), true).empty();
    CHECK(alarms <= 14);
}

TEST_CASE("a shift smaller than the noise is not called", "[store][change-points]") {
    // 0.2 % under 2 % noise per iteration: invisible; never a change point.
    CHECK(findChangePoints(series(7, 30, 5, 2.0, {{15, 0.002}}), true).empty());
}

TEST_CASE("the newest run's bisect status: 1 regression, 0 no change, 125 cannot tell", "[store][change-points]") {
    ChangePointSettings cfg;
    std::vector<SeriesRun> regressed = series(3, 20, 5, 1.0, {{19, -0.10}});
    MetricCall call;
    CHECK(newestRunBisectStatus(regressed, true, cfg, &call) == 1);
    CHECK(call.call == Call::Regression);
    // The same drop is an improvement when lower is better.
    CHECK(newestRunBisectStatus(regressed, false, cfg) == 0);

    std::vector<SeriesRun> flat = series(4, 20, 5, 1.0, {});
    CHECK(newestRunBisectStatus(flat, true, cfg) == 0);
    // After an old shift, the newest is judged against the segment since it.
    std::vector<SeriesRun> shiftedEarlier = series(5, 20, 5, 1.0, {{8, -0.10}});
    CHECK(positions(findChangePoints(shiftedEarlier, true)) == std::vector<std::size_t>{8});
    CHECK(newestRunBisectStatus(shiftedEarlier, true, cfg) == 0);

    std::vector<SeriesRun> one = series(6, 1, 5, 1.0, {});
    CHECK(newestRunBisectStatus(one, true, cfg) == 125);
    // Huge noise, a few runs: neither regression nor no change.
    std::vector<SeriesRun> noisy = series(8, 3, 2, 30.0, {});
    CHECK(newestRunBisectStatus(noisy, true, cfg) == 125);
}

TEST_CASE("the run is the unit: a per-run offset shared by its iterations is not a change point",
          "[store][change-points]") {
    // Flat series of 20 runs x 5 iterations, 1 % noise per iteration and a
    // 1 % offset per run (a boot, a neighbour): iterations as the unit
    // called a change point in 10-16 % of them; runs as the unit keep the
    // 5 % family-wise rate (bench/change_point_rates.cpp measures it).
    int alarms = 0;
    const int n = 400;
    for (unsigned seed = 0; seed < n; ++seed) {
        std::mt19937_64 rng(5000 + seed);
        std::normal_distribution<double> offset(0, 1.0), noise(0, 1.0);
        std::vector<SeriesRun> s;
        for (int r = 0; r < 20; ++r) {
            const double level = 100 + offset(rng);
            SeriesRun run{{}, std::nullopt};
            for (int i = 0; i < 5; ++i) run.means.push_back(level + noise(rng));
            s.push_back(std::move(run));
        }
        alarms += !findChangePoints(s, true).empty();
    }
    CHECK(alarms <= n * 7 / 100);
}

TEST_CASE("with the run as the unit a shift of twice the per-run offset is still found", "[store][change-points]") {
    int found = 0;
    for (unsigned seed = 0; seed < 50; ++seed) {
        std::mt19937_64 rng(9000 + seed);
        std::normal_distribution<double> offset(0, 1.0), noise(0, 1.0);
        std::vector<SeriesRun> s;
        for (int r = 0; r < 20; ++r) {
            const double level = (r >= 10 ? 95 : 100) + offset(rng);
            SeriesRun run{{}, std::nullopt};
            for (int i = 0; i < 5; ++i) run.means.push_back(level + noise(rng));
            s.push_back(std::move(run));
        }
        std::vector<std::size_t> p = positions(findChangePoints(s, true));
        found += p == std::vector<std::size_t>{10};
    }
    CHECK(found >= 45);
}

TEST_CASE("a settings change is a break, never a shift: change points stay within a settings segment",
          "[store][change-points]") {
    // A 30 % fall exactly where the workload's settings changed (run 10):
    // without the settings it is a change point and the newest run's status
    // a regression; with them it is a break, no change point is called
    // across it, and a shift inside a segment is still found.
    std::vector<SeriesRun> s = series(11, 20, 5, 1.0, {{10, -0.30}});
    REQUIRE(positions(findChangePoints(s, true)) == std::vector<std::size_t>{10});
    for (std::size_t r = 0; r < s.size(); ++r) s[r].settings = r < 10 ? "LOOPS=100000" : "LOOPS=200000";
    CHECK(settingsBreaks(s) == std::vector<std::size_t>{10});
    CHECK(findChangePoints(s, true).empty());

    std::vector<SeriesRun> inside = series(12, 20, 5, 1.0, {{10, -0.30}, {15, -0.10}});
    for (std::size_t r = 0; r < inside.size(); ++r) inside[r].settings = r < 10 ? "A=1" : "A=2";
    CHECK(positions(findChangePoints(inside, true)) == std::vector<std::size_t>{15});

    // A run without a record continues its segment.
    s[12].settings.reset();
    CHECK(settingsBreaks(s) == std::vector<std::size_t>{10});

    // The newest run with new settings: nothing measured them, 125; with the
    // settings of the runs before it, judged against them only.
    ChangePointSettings cfg;
    std::vector<SeriesRun> newest = series(13, 20, 5, 1.0, {{19, -0.30}});
    REQUIRE(newestRunBisectStatus(newest, true, cfg) == 1);
    for (std::size_t r = 0; r < newest.size(); ++r) newest[r].settings = r < 19 ? "A=1" : "A=2";
    CHECK(newestRunBisectStatus(newest, true, cfg) == 125);
}
