// alpha_spending.cpp - Lan-DeMets O'Brien-Fleming-type spending (alpha_spending.hpp).
#include "base/alpha_spending.hpp"

#include <cmath>

namespace mmtp {
namespace {

double upperTail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

// z with upperTail(z) == p, by bisection (p in (0, 0.5]).
double upperQuantile(double p) {
    double lo = 0, hi = 40;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (upperTail(mid) > p ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

}  // namespace

double obrienFlemingSpent(double fraction, double alpha) {
    if (!(fraction > 0) || !(alpha > 0)) return 0;
    if (fraction >= 1) return alpha;
    return 2 * upperTail(upperQuantile(alpha / 2) / std::sqrt(fraction));
}

double lookAlpha(int round, int firstRound, int lastRound, double alpha) {
    if (round < firstRound || round > lastRound || lastRound <= 0) return 0;
    const double before = round == firstRound ? 0 : obrienFlemingSpent(double(round - 1) / lastRound, alpha);
    return obrienFlemingSpent(double(round) / lastRound, alpha) - before;
}

}  // namespace mmtp
