// alpha_spending.cpp - Lan-DeMets O'Brien-Fleming-type spending and its
// exact group-sequential boundaries (alpha_spending.hpp).
#include "stats/alpha_spending.hpp"

#include <cmath>
#include <cstddef>
#include <map>
#include <tuple>

namespace mmtp {
namespace {

double upperTail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }
double density(double z) { return std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI); }

// z with upperTail(z) == p, by bisection (p in (0, 0.5]).
double upperQuantile(double p) {
    double lo = 0, hi = 40;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (upperTail(mid) > p ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

constexpr int kGrid = 801;  // points of the continuation region (odd: Simpson's rule)

// The sub-density of Z_k on the continuation region (-c, c) of the looks so
// far: no look has stopped and Z_k = z. Z_k sqrt(t_k) is a Brownian motion
// at t_k, so Z_k given Z_k-1 = u is normal around u sqrt(t_k-1 / t_k) with
// variance 1 - t_k-1 / t_k.
struct Continuation {
    double c = 0, t = 0;
    std::vector<double> z, f;  // grid and sub-density on it
};

double simpsonWeight(std::size_t i, std::size_t n) { return i == 0 || i + 1 == n ? 1.0 : i % 2 ? 4.0 : 2.0; }

// P(no earlier stop, |Z| >= c at the look at fraction t).
double exitProbability(const Continuation& prev, double t, double c) {
    if (prev.z.empty()) return 2 * upperTail(c);
    const double r = std::sqrt(prev.t / t), s = std::sqrt(1 - prev.t / t);
    const double h = prev.z[1] - prev.z[0];
    double sum = 0;
    for (std::size_t i = 0; i < prev.z.size(); ++i) {
        const double mean = prev.z[i] * r;
        sum += simpsonWeight(i, prev.z.size()) * prev.f[i] * (upperTail((c - mean) / s) + upperTail((c + mean) / s));
    }
    return sum * h / 3;
}

Continuation advance(const Continuation& prev, double t, double c) {
    Continuation next{c, t, {}, {}};
    for (int i = 0; i < kGrid; ++i) next.z.push_back(-c + 2 * c * i / (kGrid - 1));
    for (double z : next.z) {
        if (prev.z.empty()) {
            next.f.push_back(density(z));
            continue;
        }
        const double r = std::sqrt(prev.t / t), s = std::sqrt(1 - prev.t / t), h = prev.z[1] - prev.z[0];
        double sum = 0;
        for (std::size_t i = 0; i < prev.z.size(); ++i)
            sum += simpsonWeight(i, prev.z.size()) * prev.f[i] * density((z - prev.z[i] * r) / s) / s;
        next.f.push_back(sum * h / 3);
    }
    return next;
}

// The c at which the look spends `share`, by bisection (exit falls as c grows).
double boundFor(const Continuation& prev, double t, double share) {
    double lo = 0, hi = 40;
    for (int i = 0; i < 100; ++i) {
        const double mid = (lo + hi) / 2;
        (exitProbability(prev, t, mid) > share ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

}  // namespace

double obrienFlemingSpent(double fraction, double alpha) {
    if (!(fraction > 0) || !(alpha > 0)) return 0;
    if (fraction >= 1) return alpha;
    return 2 * upperTail(upperQuantile(alpha / 2) / std::sqrt(fraction));
}

std::vector<double> groupSequentialBounds(const std::vector<double>& fractions, double alpha) {
    std::vector<double> bounds;
    Continuation at;
    double spent = 0;
    for (double t : fractions) {
        const double total = obrienFlemingSpent(t, alpha), share = total - spent;
        const double c = share > 0 ? boundFor(at, t, share) : 40;  // nothing to spend: never stop
        bounds.push_back(c);
        spent = total;
        at = advance(at, t, c);
    }
    return bounds;
}

double lookAlpha(int round, int firstRound, int lastRound, double alpha) {
    if (round < firstRound || round > lastRound || lastRound <= 0) return 0;
    // One schedule's bounds, kept: a schedule looks again and again.
    static std::map<std::tuple<int, int, double>, std::vector<double>> known;
    auto [at, fresh] = known.try_emplace({firstRound, lastRound, alpha});
    if (fresh) {
        std::vector<double> fractions;
        for (int r = firstRound; r <= lastRound; ++r) fractions.push_back(double(r) / lastRound);
        at->second = groupSequentialBounds(fractions, alpha);
    }
    return 2 * upperTail(at->second[static_cast<std::size_t>(round - firstRound)]);
}

double lookEquivalenceAlpha(int round, int firstRound, int lastRound, double alpha) {
    return lookAlpha(round, firstRound, lastRound, 2 * alpha) / 2;
}

}  // namespace mmtp
