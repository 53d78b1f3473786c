#include "stats/iteration_inference.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <cmath>
#include <limits>
#include <numeric>

namespace mmtp::compare {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double mean(const std::vector<double>& v) {
    return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

// Sample variance (n - 1); NaN for one value.
double variance(const std::vector<double>& v, double m) {
    if (v.size() < 2) return kNaN;
    double ss = 0;
    for (double x : v) ss += (x - m) * (x - m);
    return ss / static_cast<double>(v.size() - 1);
}

double tQuantile(double df, double p) { return boost::math::quantile(boost::math::students_t(df), p); }

// The standard error of mean(now) - mean(base) and its degrees of freedom
// for given sizes and variances: Student's, the variance pooled over both
// sides. It is exact under the null a false alarm comes from (the same
// kernel: both runs one distribution), where Welch's approximate degrees of
// freedom run a little liberal at a family-wise level's small alpha. A side
// with one iteration adds no degree of freedom: the other side's variance
// stands for it.
struct ErrorModel {
    double se = kNaN, df = 0;
    bool pooled = false;  // a side had a single iteration
};
ErrorModel errorModel(double varBase, double nBase, double varNow, double nNow) {
    ErrorModel m;
    double ss = 0, df = 0;
    if (nBase >= 2 && std::isfinite(varBase)) {
        ss += varBase * (nBase - 1);
        df += nBase - 1;
    }
    if (nNow >= 2 && std::isfinite(varNow)) {
        ss += varNow * (nNow - 1);
        df += nNow - 1;
    }
    if (!(df > 0)) return m;
    m.df = df;
    m.se = std::sqrt(ss / df * (1 / nBase + 1 / nNow));
    m.pooled = nBase < 2 || nNow < 2;
    return m;
}

}  // namespace

std::vector<double> iterationMeans(const std::vector<IterationSamples>& iterations) {
    std::vector<double> means;
    for (const IterationSamples& it : iterations)
        if (!it.values.empty()) means.push_back(mean(it.values));
    return means;
}

ChangeEstimate estimateChange(const std::vector<double>& base, const std::vector<double>& now, double confidence) {
    ChangeEstimate e;
    e.baseN = base.size();
    e.nowN = now.size();
    e.lowPct = e.highPct = e.sePct = kNaN;
    if (base.empty() || now.empty()) return e;
    e.baseMean = mean(base);
    e.nowMean = mean(now);
    e.baseSd = std::sqrt(variance(base, e.baseMean));
    e.nowSd = std::sqrt(variance(now, e.nowMean));
    if (e.baseMean == 0) return e;
    const double scale = 100 / std::fabs(e.baseMean);
    e.changePct = (e.nowMean - e.baseMean) * scale;
    ErrorModel m = errorModel(e.baseSd * e.baseSd, static_cast<double>(e.baseN), e.nowSd * e.nowSd,
                              static_cast<double>(e.nowN));
    if (!(m.df > 0)) return e;
    // No variance between iterations sizes nothing: a constant (often
    // quantised: a 0.080 ms minimum latency) differing from another constant
    // is no evidence of a change; an identical one is an exact 0.
    if (m.se == 0 && e.changePct != 0) return e;
    e.df = m.df;
    e.pooled = m.pooled;
    e.sePct = m.se * scale;
    double half = e.sePct == 0 ? 0 : tQuantile(e.df, 1 - (1 - confidence) / 2) * e.sePct;
    e.lowPct = e.changePct - half;
    e.highPct = e.changePct + half;
    return e;
}

double detectableChangePct(const ChangeEstimate& e, double alpha, double power) {
    if (!e.hasInterval()) return kNaN;
    return (tQuantile(e.df, 1 - alpha / 2) + tQuantile(e.df, power)) * e.sePct;
}

std::optional<std::size_t> iterationsToDetect(const ChangeEstimate& e, std::size_t baseRuns, double thresholdPct,
                                              double alpha, double power, std::size_t maxIterations) {
    if (!e.hasInterval() || e.baseMean == 0) return std::nullopt;
    // The variance each side showed; a side with one iteration borrows the other's.
    double vb = e.baseN >= 2 ? e.baseSd * e.baseSd : e.nowSd * e.nowSd;
    double vn = e.nowN >= 2 ? e.nowSd * e.nowSd : e.baseSd * e.baseSd;
    const double scale = 100 / std::fabs(e.baseMean);
    for (std::size_t n = 2; n <= maxIterations; ++n) {
        double nb = static_cast<double>(n * baseRuns), nn = static_cast<double>(n);
        ErrorModel m = errorModel(vb, nb, vn, nn);
        if (!(m.df > 0)) continue;
        if (m.se == 0) return n;
        // t((1 + power) / 2): a threshold-sized change is then detected, and no change
        // claimed when there is none, each with at least `power` probability.
        double need = (tQuantile(m.df, 1 - alpha / 2) + tQuantile(m.df, (1 + power) / 2)) * m.se * scale;
        if (need <= thresholdPct) return n;
    }
    return std::nullopt;
}

}  // namespace mmtp::compare
