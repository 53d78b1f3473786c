// The seeded subselection estimate behind the Sub* rows (Subselection
// summary) against what the method must give: exact answers where no draw
// can change them, and the expected values of the Python's estimator
// (computed by hand from the data's mean and variance) where draws can.
#include "stats/subselection.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace mmtp::compare;

namespace {
std::vector<double> range(double from, int count) {
    std::vector<double> v;
    for (int i = 0; i < count; i++) v.push_back(from + i);
    return v;
}
}  // namespace

TEST_CASE("constant samples give their value and a zero-length interval", "[compare][stats][subselection]") {
    SubselectionEstimate e = subselectionEstimate({{5, 5, 5, 5, 5}, {5, 5, 5, 5}, {5, 5, 5}}, false, 0.05);
    CHECK(e.mean == 5);
    CHECK(e.halfLength == 0);
}

TEST_CASE("one iteration: the mean, and z * sqrt(variance / subselection size)", "[compare][stats][subselection]") {
    // 0..999: mean 499.5, population variance 83333.25; subselections of 800.
    SubselectionEstimate e = subselectionEstimate({range(0, 1000)}, false, 0.05);
    CHECK(e.mean == Approx(499.5).epsilon(0.01));
    CHECK(e.halfLength == Approx(1.959964 * std::sqrt(83333.25 / 800)).epsilon(0.05));
}

TEST_CASE("iterations that disagree widen the interval by their spread", "[compare][stats][subselection]") {
    // Medians near 499.5 and 599.5: smean = 2 * 50^2 * 800, over 1600 samples.
    SubselectionEstimate e = subselectionEstimate({range(0, 1000), range(100, 1000)}, false, 0.05);
    CHECK(e.mean == Approx(549.5).epsilon(0.01));
    CHECK(e.halfLength == Approx(1.959964 * std::sqrt((2 * 2500.0 * 800 + 83333.25) / 1600)).epsilon(0.03));
}

TEST_CASE("preferhigher data use the harmonic mean", "[compare][stats][subselection]") {
    SubselectionEstimate e = subselectionEstimate({range(100, 100)}, true, 0.05);
    CHECK(e.mean == Approx(143.74974).epsilon(0.01));  // harmonic mean of 100..199
    CHECK(subselectionEstimate({range(100, 100)}, false, 0.05).mean == Approx(149.5).epsilon(0.01));
}

TEST_CASE("a single sample per iteration gives NaN, as the Python's empty subselection", "[compare][stats][subselection]") {
    SubselectionEstimate e = subselectionEstimate({{7}, {9}}, false, 0.05);
    CHECK(std::isnan(e.mean));
    CHECK(std::isnan(e.halfLength));
    CHECK(std::isnan(subselectionEstimate({}, false, 0.05).mean));
}

TEST_CASE("the same samples always give the same estimate", "[compare][stats][subselection]") {
    const std::vector<std::vector<double>> data = {range(3, 40), {8, 1, 9, 4, 4, 2, 7}};
    SubselectionEstimate first = subselectionEstimate(data, false, 0.05);
    subselectionEstimate({range(0, 50)}, true, 0.05);  // no state carried between calls
    SubselectionEstimate again = subselectionEstimate(data, false, 0.05);
    CHECK(first.mean == again.mean);
    CHECK(first.halfLength == again.halfLength);
}

TEST_CASE("a large iteration (drawn on every core) gives the estimator's values, the same every time", "[compare][stats][subselection]") {
    // 0..9999: 8000-sample subselections, 8 million draws a phase.
    const std::vector<std::vector<double>> data = {range(0, 10000)};
    SubselectionEstimate e = subselectionEstimate(data, false, 0.05);
    CHECK(e.mean == Approx(4999.5).epsilon(0.002));
    // population variance of 0..9999: (10000^2 - 1) / 12
    CHECK(e.halfLength == Approx(1.959964 * std::sqrt((1e8 - 1) / 12 / 8000)).epsilon(0.02));
    SubselectionEstimate again = subselectionEstimate(data, false, 0.05);
    CHECK(e.mean == again.mean);
    CHECK(e.halfLength == again.halfLength);
    CHECK(subselectionEstimate(data, true, 0.05).mean < e.mean);  // the harmonic mean is below the arithmetic
}

TEST_CASE("a nan sample makes the estimate nan, as numpy's", "[compare][stats][subselection]") {
    std::vector<double> v = range(0, 20);
    v[3] = std::nan("");
    // Every subselection of 16 draws misses index 3 with probability (19/20)^16 = 0.44,
    // so about half the means are nan and numpy's median of them is nan.
    CHECK(std::isnan(subselectionEstimate({v}, false, 0.05).mean));
}
