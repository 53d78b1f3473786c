// stats.hpp - MMTests' statistics (bin/lib/MMTests/Stat.pm), one function
// each, with its conventions: NaN stands for Perl's "NaN"/undef results, data
// arrive sorted in the preferred order, and means/stddevs are cached per
// operation the way runStatFunc's save_stats cache does.
#pragma once
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace mmtp::compare {

// Where Stat.pm dies ("Illegal division by zero" in a harmonic mean whose
// first sample is 0, "Only numbers allowed" in a sample count of no data),
// compare-mmtests.pl drops that run with a warning; we do the same.
struct StatDied : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct IllegalDivisionByZero : StatDied {
    IllegalDivisionByZero() : StatDied("Illegal division by zero") {}
};

struct StatCache {
    bool ascending = false;   // data sorted low to high
    bool descending = false;  // data sorted high to low
    std::map<std::string, double> saved;  // "amean", "stddev-hmean", ...
};

double calcMin(const std::vector<double>& data, const StatCache* cache = nullptr);
double calcMax(const std::vector<double>& data, const StatCache* cache = nullptr);
double calcAmean(const std::vector<double>& data, StatCache* cache = nullptr);
double calcHmean(const std::vector<double>& data, StatCache* cache = nullptr);
double calcGeomean(const std::vector<double>& data);
// meanName is "amean" or "hmean" (the harmonic formula for HStddev).
double calcStddev(const std::string& meanName, const std::vector<double>& data, StatCache* cache);
double calcCoeffvar(const std::string& meanName, const std::vector<double>& data, StatCache* cache);
// How many samples of data (sorted ascending) fall in "LOW,HIGH" ("min" and
// "max" stand for the data's ends), or all of them for ""; as a percentage.
double calcSamples(const std::string& arg, const std::vector<double>& data);
double calcSamplespct(const std::string& arg, const std::vector<double>& data);
// Lower and upper bound of the mean's confidence interval (R's qnorm).
std::pair<double, double> calcMeanCi(const std::string& meanName, double alpha,
                                     const std::vector<double>& data, StatCache* cache);

// Summarise.pm runStatFunc: evaluates a summary statistic name such as
// "min", "_mean", "_mean-95", "percentile-95", "stddev-_mean",
// "meanci_low-_mean" or "_value" over data sorted in the preferred order.
// The Sub* statistics ("submean-_mean", ...) need per-iteration samples, so
// they are read from cache ("submean-amean", ...; see stats/subselection.hpp).
double runStatFunc(const std::string& func, const std::vector<double>& data, StatCache& cache,
                   bool preferHigher);

// The row title of a statistic ("Amean", "BHmean.95", "Pctile.95", ...).
std::string statName(const std::string& sumop, bool preferHigher, const std::string& opName);

// Percentage difference between a value and the baseline (Stat.pm).
enum class CompareFn { Pdiff, Pndiff };
double pdiff(double value, double base);
double pndiff(double value, double base);
double applyCompare(CompareFn fn, double value, double base);
// Which comparison a statistic uses: stddev/coeffvar always pndiff, others by preference.
CompareFn statCompareFunc(const std::string& sumop, bool preferHigher);

double rdiff(double value, double base);
// Normalised difference of two means given their confidence intervals
// (missing interval bounds count as 0, as undef does in Perl).
double cidiff(double value, const std::vector<double>& valueCi, double base, const std::vector<double>& baseCi);

}  // namespace mmtp::compare
