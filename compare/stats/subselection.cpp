#include "stats/subselection.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <random>

namespace mmtp::compare {

namespace {

constexpr int kSelections = 1000;
constexpr double kFraction = 0.8;
const double kNaN = std::nan("");

double mean(const std::vector<double>& x) {
    if (x.empty()) return kNaN;  // numpy.mean([]) is nan
    double sum = 0;
    for (double v : x) sum += v;
    return sum / static_cast<double>(x.size());
}

// 1 / mean(1 / x), as IEEE arithmetic (and so numpy) evaluates it.
double harmonicMean(const std::vector<double>& x) {
    if (x.empty()) return kNaN;
    double sum = 0;
    for (double v : x) sum += 1.0 / v;
    return 1.0 / (sum / static_cast<double>(x.size()));
}

double populationVariance(const std::vector<double>& x) {
    double m = mean(x);
    if (std::isnan(m)) return kNaN;
    double sum = 0;
    for (double v : x) sum += (v - m) * (v - m);
    return sum / static_cast<double>(x.size());
}

// numpy.median: the middle value, or the mean of the two middle ones; nan
// when any value is nan.
double median(std::vector<double> x) {
    if (x.empty() || std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); })) return kNaN;
    std::sort(x.begin(), x.end());
    std::size_t n = x.size();
    return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

// numpy.random.choice(xx, size): size draws with replacement. The index is
// (u32 * n) >> 32: the same on every platform, unlike
// std::uniform_int_distribution, and cheap (its bias, n / 2^32, is far below
// the estimate's own noise).
void drawWithReplacement(const std::vector<double>& xx, std::size_t size, std::mt19937& rng,
                         std::vector<double>& out) {
    out.resize(size);
    const std::uint64_t n = xx.size();
    for (double& v : out) v = xx[static_cast<std::size_t>((static_cast<std::uint64_t>(rng()) * n) >> 32)];
}

}  // namespace

SubselectionEstimate subselectionEstimate(const std::vector<std::vector<double>>& iterations, bool harmonic,
                                          double alpha) {
    std::mt19937 rng(kSubselectionSeed);
    const std::size_t iters = iterations.size();
    std::vector<double> medians(iters), variances(iters), lens(iters);
    std::vector<double> draw, subStat(kSelections);
    for (std::size_t j = 0; j < iters; j++) {
        const std::vector<double>& xx = iterations[j];
        auto len = static_cast<std::size_t>(kFraction * static_cast<double>(xx.size()));
        lens[j] = static_cast<double>(len);
        for (double& s : subStat) {
            drawWithReplacement(xx, len, rng, draw);
            s = harmonic ? harmonicMean(draw) : mean(draw);
        }
        medians[j] = median(subStat);
        for (double& s : subStat) {
            drawWithReplacement(xx, len, rng, draw);
            s = populationVariance(draw);
        }
        variances[j] = median(subStat);
    }
    double m = mean(medians);
    double svar = mean(variances);
    double smean = 0;
    if (iters > 1) {
        for (std::size_t j = 0; j < iters; j++) smean += (medians[j] - m) * (medians[j] - m) * lens[j];
        smean /= static_cast<double>(iters - 1);
    }
    double totalLen = 0;
    for (double l : lens) totalLen += l;
    boost::math::normal_distribution<double> standard(0.0, 1.0);
    double z = boost::math::quantile(standard, 1 - alpha / 2);
    double half = totalLen > 0 ? z * std::sqrt((smean + svar) / totalLen) : kNaN;
    return {m, half};
}

}  // namespace mmtp::compare
