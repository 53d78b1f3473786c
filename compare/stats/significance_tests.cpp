#include "stats/significance_tests.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mmtp::compare {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Mean and sample variance (n - 1).
std::pair<double, double> meanAndVariance(const std::vector<double>& v) {
    double mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    double ss = 0;
    for (double x : v) ss += (x - mean) * (x - mean);
    return {mean, ss / static_cast<double>(v.size() - 1)};
}

}  // namespace

WelchResult welchTTest(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() < 2 || b.size() < 2) return {kNaN, kNaN, kNaN};
    auto [ma, va] = meanAndVariance(a);
    auto [mb, vb] = meanAndVariance(b);
    const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
    const double sa = va / na, sb = vb / nb, se2 = sa + sb;
    if (!(se2 > 0) || !std::isfinite(se2)) return {kNaN, kNaN, kNaN};  // R: "data are essentially constant"
    WelchResult r;
    r.t = (ma - mb) / std::sqrt(se2);
    r.df = se2 * se2 / (sa * sa / (na - 1) + sb * sb / (nb - 1));
    boost::math::students_t dist(r.df);
    r.p = 2 * boost::math::cdf(boost::math::complement(dist, std::fabs(r.t)));
    return r;
}

std::vector<double> holmAdjust(const std::vector<double>& p) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (!std::isnan(p[i])) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&p](std::size_t x, std::size_t y) { return p[x] < p[y]; });
    std::vector<double> adjusted(p.size(), kNaN);
    const double m = static_cast<double>(order.size());
    double running = 0;  // step-down: an adjusted p never falls below an earlier one
    for (std::size_t k = 0; k < order.size(); ++k) {
        running = std::max(running, std::min(1.0, (m - static_cast<double>(k)) * p[order[k]]));
        adjusted[order[k]] = running;
    }
    return adjusted;
}

}  // namespace mmtp::compare
