// Statistics of compare-mmtests against values computed independently
// (Python's statistics module, R 4.2 for qnorm and its printout).
#include "stats/r_qnorm.hpp"
#include "stats/stats.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace mmtp::compare;

namespace {
const std::vector<double> kData = {3, 5, 7, 11};
}

TEST_CASE("arithmetic and harmonic means match an independent computation", "[compare][stats]") {
    CHECK(calcAmean(kData) == Approx(6.5));
    CHECK(calcHmean(kData) == Approx(5.214446952595936));
    CHECK(calcGeomean(kData) == Approx(5.829690466562771));
    CHECK(calcMin(kData) == 3);
    CHECK(calcMax(kData) == 11);
}

TEST_CASE("stddev uses n-1 for the arithmetic mean and MMTests' harmonic formula for HStddev", "[compare][stats]") {
    StatCache cache;
    CHECK(calcStddev("amean", kData, &cache) == Approx(3.415650255319866));
    CHECK(calcStddev("hmean", kData, &cache) == Approx(2.457440529848968));
    CHECK(calcCoeffvar("amean", kData, &cache) == Approx(52.548465466459476));
}

TEST_CASE("a single sample has no stddev and a zero coefficient of variation", "[compare][stats]") {
    StatCache cache;
    CHECK(std::isnan(calcStddev("amean", {4}, &cache)));
    CHECK(calcCoeffvar("amean", {4}, &cache) == 0);
}

TEST_CASE("the harmonic mean of data with a non-positive sample is NaN", "[compare][stats]") {
    CHECK(std::isnan(calcHmean({9, 4, 0})));
    CHECK(std::isnan(calcHmean({9, -1})));
}

TEST_CASE("the harmonic mean dies like Perl when the first sample is zero", "[compare][stats]") {
    CHECK_THROWS_AS(calcHmean({0, 4}), IllegalDivisionByZero);
}

TEST_CASE("an empty data set gives NaN, not zero", "[compare][stats]") {
    CHECK(std::isnan(calcAmean({})));
    CHECK(std::isnan(calcMin({})));
    CHECK(std::isnan(calcMax({})));
    CHECK(std::isnan(calcGeomean({})));
}

TEST_CASE("best-N% means and percentiles take int(n*N/100) samples, at least one", "[compare][stats]") {
    std::vector<double> ascending = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    StatCache cache;
    cache.ascending = true;
    // amean-95 of 10 samples: the best 9
    CHECK(runStatFunc("_mean-95", ascending, cache, false) == Approx(5.0));
    CHECK(runStatFunc("percentile-95", ascending, cache, false) == 9);
    CHECK(runStatFunc("percentile-50", ascending, cache, false) == 5);
    CHECK(runStatFunc("_mean-5", ascending, cache, false) == 1);  // int(0.5) -> 1 sample
    std::vector<double> descending(ascending.rbegin(), ascending.rend());
    StatCache high;
    high.descending = true;
    CHECK(runStatFunc("min", descending, high, true) == 1);
    CHECK(runStatFunc("max", descending, high, true) == 10);
    CHECK(runStatFunc("_value", descending, high, true) == 10);
}

TEST_CASE("statistic names follow Stat.pm's table", "[compare][stats]") {
    CHECK(statName("_mean", false, "Ops") == "Amean");
    CHECK(statName("_mean", true, "Ops") == "Hmean");
    CHECK(statName("_mean-95", true, "Ops") == "BHmean.95");
    CHECK(statName("_mean-99", false, "Ops") == "BAmean.99");
    CHECK(statName("percentile-95", false, "Ops") == "Pctile.95");
    CHECK(statName("stddev-_mean", true, "Ops") == "HStddev");
    CHECK(statName("coeffvar-_mean", false, "Ops") == "CoeffVar");
    CHECK(statName("_value", false, "Duration") == "Duration");
}

TEST_CASE("percentage differences follow pdiff and pndiff, including their zero rules", "[compare][stats]") {
    CHECK(pdiff(110, 100) == Approx(10));
    CHECK(pdiff(0, 100) == 0);
    CHECK(pdiff(5, 0) == 100);
    CHECK(pndiff(90, 100) == Approx(10));
    CHECK(pndiff(0, 100) == 100);
    CHECK(pndiff(5, 0) == -99);
    CHECK(pndiff(7, 7) == 0);
    CHECK(statCompareFunc("stddev-_mean", true) == CompareFn::Pndiff);
    CHECK(statCompareFunc("_mean", true) == CompareFn::Pdiff);
    CHECK(statCompareFunc("_mean", false) == CompareFn::Pndiff);
}

TEST_CASE("ratios treat a zero baseline and a zero value as MMTests does", "[compare][stats]") {
    CHECK(rdiff(50, 100) == Approx(0.5));
    CHECK(rdiff(50, 0) == 0);
    CHECK(rdiff(0, 100) == 1);
}

TEST_CASE("cidiff normalises a difference by the two confidence intervals", "[compare][stats]") {
    // value below base: (value - base) / (valueHigh - value + base - baseLow)
    CHECK(cidiff(90, {85, 95}, 100, {96, 104}) == Approx(-10.0 / (5 + 4)));
    // value above base: (value - base) / (value - valueLow + baseHigh - base)
    CHECK(cidiff(110, {100, 120}, 100, {95, 105}) == Approx(10.0 / (10 + 5)));
    // identical intervals collapse to the plain difference
    CHECK(cidiff(3, {3, 3}, 3, {3, 3}) == 0);
}

TEST_CASE("the confidence half-width is qnorm(0.975)*sd as R prints it, to 7 digits", "[compare][stats][r]") {
    // R: print(qnorm(0.975, 0, 75315.7918990)) -> 147616.2
    CHECK(qnormHalfWidthAsPrinted(0.05, 75315.7918990) == 147616.2);
    // R: print(qnorm(0.975, 0, 1)) -> 1.959964
    CHECK(qnormHalfWidthAsPrinted(0.05, 1) == 1.959964);
    CHECK(qnormHalfWidthAsPrinted(0.05, 0) == 0);
    CHECK(std::isnan(qnormHalfWidthAsPrinted(0.05, std::nan(""))));
}

TEST_CASE("R's printout keeps every integer digit in fixed notation and 7 in scientific", "[compare][stats][r]") {
    CHECK(roundTripThroughRPrint(123456789.123) == 123456789);   // R: 123456789
    CHECK(roundTripThroughRPrint(0.000012345678) == 1.234568e-05); // R: 1.234568e-05
    CHECK(roundTripThroughRPrint(9999999.6) == 1e7);             // R: 1e+07
    CHECK(roundTripThroughRPrint(1234.5) == 1234.5);             // R: 1234.5
    CHECK(roundTripThroughRPrint(147616.23456) == 147616.2);
}

TEST_CASE("sample counts use MMTests' binary search, which stops at any equal value", "[compare][stats]") {
    const std::vector<double> equal{1, 1, 1, 1, 1};
    CHECK(calcSamples("min,1000", equal) == 3);  // lands on index 2 of five 1s
    CHECK(calcSamplespct("min,1000", equal) == Approx(60));
    const std::vector<double> spread{1, 2, 3, 5, 8, 13};
    CHECK(calcSamples("2,5", spread) == 3);
    CHECK(calcSamples("4,max", spread) == 3);
    CHECK(calcSamples("", spread) == 6);
    CHECK_THROWS_AS(calcSamples("min,1000", {}), StatDied);
}
