#include "stats/subselection.hpp"

#include "stats/subselection_sampling.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <thread>

namespace mmtp::compare {

namespace {

constexpr int kSelections = 1000;
constexpr double kFraction = 0.8;
// Below this many draws per phase (selections x subselection size) a second
// thread costs more than it saves.
constexpr std::size_t kThreadedDraws = std::size_t{1} << 22;
const double kNaN = std::nan("");

double mean(const std::vector<double>& x) {
    if (x.empty()) return kNaN;  // numpy.mean([]) is nan
    double sum = 0;
    for (double v : x) sum += v;
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

// The stream of one subselection: which iteration, which phase (0 means, 1
// variances; 2 and 3 the same drawn from their sampling distribution, all
// 1000 from stream 0), which of the 1000.
SplitMix64 selectionStream(std::size_t iteration, int phase, int selection) {
    SplitMix64 mix{kSubselectionSeed};
    mix.state ^= (static_cast<std::uint64_t>(iteration) << 32) ^ (static_cast<std::uint64_t>(phase) << 16) ^
                 static_cast<std::uint64_t>(selection);
    return SplitMix64{mix()};
}

// Index (u32 * n) >> 32: the same on every platform, unlike
// std::uniform_int_distribution, and cheap (its bias, n / 2^32, is far below
// the estimate's own noise). Each 64-bit number gives two.
inline std::size_t scaled(std::uint32_t u, std::uint64_t n) {
    return static_cast<std::size_t>((static_cast<std::uint64_t>(u) * n) >> 32);
}

// numpy.random.choice(x, size) summed on the fly (no copy of the draw):
// the sum of the drawn values, and of their squares when squares is set.
struct DrawSums {
    double sum = 0, squares = 0;
};

template <bool Squares>
DrawSums drawSums(const std::vector<double>& x, std::size_t size, SplitMix64 rng) {
    const std::uint64_t n = x.size();
    double s0 = 0, s1 = 0, q0 = 0, q1 = 0;  // two chains, so loads overlap
    std::size_t i = 0;
    for (; i + 2 <= size; i += 2) {
        std::uint64_t r = rng();
        double a = x[scaled(static_cast<std::uint32_t>(r), n)];
        double b = x[scaled(static_cast<std::uint32_t>(r >> 32), n)];
        s0 += a;
        s1 += b;
        if constexpr (Squares) {
            q0 += a * a;
            q1 += b * b;
        }
    }
    if (i < size) {
        double a = x[scaled(static_cast<std::uint32_t>(rng()), n)];
        s0 += a;
        if constexpr (Squares) q0 += a * a;
    }
    return {s0 + s1, q0 + q1};
}

// Runs body(selection) for every selection, on both cores when the work is
// large enough. Each selection has its own stream and its own output slot,
// so the result does not depend on the number of threads.
template <typename Body>
void forEachSelection(std::size_t drawsEach, Body body) {
    unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    if (drawsEach * kSelections < kThreadedDraws || threads == 1) {
        for (int s = 0; s < kSelections; s++) body(s);
        return;
    }
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; t++)
        pool.emplace_back([&body, t, threads] {
            for (int s = static_cast<int>(t); s < kSelections; s += static_cast<int>(threads)) body(s);
        });
    for (int s = 0; s < kSelections; s += static_cast<int>(threads)) body(s);
    for (std::thread& th : pool) th.join();
}

bool sampled(SubselectionRoute route, const auto& sampling, std::size_t n) {
    if (route == SubselectionRoute::Auto) return n >= kSamplingRouteSize && sampling.fits();
    return route == SubselectionRoute::Sampled;
}

}  // namespace

// The median of 1000 subselections' means (harmonic: 1 / mean(1 / x), as
// numpy evaluates it), then of 1000 more subselections' population
// variances, each subselection len draws from xx with replacement: drawn
// sample by sample, or for large samples from their sampling distribution
// (stats/subselection_sampling.hpp).
IterationEstimate subselectionIteration(const std::vector<double>& xx, std::size_t iteration, bool harmonic,
                                        SubselectionRoute route) {
    auto len = static_cast<std::size_t>(kFraction * static_cast<double>(xx.size()));
    if (len == 0) return {kNaN, kNaN};  // the mean and variance of an empty draw are nan
    const double size = static_cast<double>(len);
    std::vector<double> subStat(kSelections);

    std::vector<double> reciprocals;
    if (harmonic) {
        reciprocals.reserve(xx.size());
        for (double v : xx) reciprocals.push_back(1.0 / v);
    }
    const std::vector<double>& meanOf = harmonic ? reciprocals : xx;
    MeanSampling means = meanSampling(meanOf, len);
    if (sampled(route, means, xx.size()))
        subStat = sampledMeans(means, kSelections, selectionStream(iteration, 2, 0));
    else
        forEachSelection(len, [&](int s) {
            subStat[static_cast<std::size_t>(s)] =
                drawSums<false>(meanOf, len, selectionStream(iteration, 0, s)).sum / size;
        });
    if (harmonic)
        for (double& m : subStat) m = 1.0 / m;
    double med = median(subStat);

    // Variance as E[d^2] - E[d]^2 of d = x - mean(xx): the shift keeps the
    // difference small, so it loses no more precision than numpy's two passes.
    const double shift = mean(xx);
    std::vector<double> shifted(xx.size());
    std::transform(xx.begin(), xx.end(), shifted.begin(), [shift](double v) { return v - shift; });
    VarianceSampling variances = varianceSampling(shifted, len);
    if (sampled(route, variances, xx.size())) {
        subStat = sampledVariances(variances, kSelections, selectionStream(iteration, 3, 0));
    } else {
        forEachSelection(len, [&](int s) {
            DrawSums d = drawSums<true>(shifted, len, selectionStream(iteration, 1, s));
            double m = d.sum / size;
            double v = d.squares / size - m * m;
            subStat[static_cast<std::size_t>(s)] = v < 0 ? 0 : v;  // rounding, never nan
        });
    }
    return {med, median(subStat)};
}

SubselectionEstimate subselectionEstimate(const std::vector<std::vector<double>>& iterations, bool harmonic,
                                          double alpha) {
    const std::size_t iters = iterations.size();
    std::vector<double> medians(iters), variances(iters), lens(iters);
    for (std::size_t j = 0; j < iters; j++) {
        lens[j] = static_cast<double>(static_cast<std::size_t>(kFraction * static_cast<double>(iterations[j].size())));
        IterationEstimate e = subselectionIteration(iterations[j], j, harmonic, SubselectionRoute::Auto);
        medians[j] = e.median;
        variances[j] = e.variance;
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
