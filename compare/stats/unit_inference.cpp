#include "stats/unit_inference.hpp"

#include "stats/unit_moments.hpp"

#include <boost/math/distributions/chi_squared.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace mmtp::compare {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The standard error of mean(now) - mean(base) and its degrees of freedom.
// Student's pooled interval is exact when both sides share a variance (the
// same kernel) and the most powerful then; it is too narrow when the side
// with fewer units is the noisier one (a noisier B against A1+A2), where
// Welch's is right. So the wider of the two: pooled (with its df) unless
// Welch's standard error is larger, then Welch's (with Welch-Satterthwaite's
// df). Where pooled is the wider, the larger-n side is the noisier and the
// pooled error overstates the truth: conservative. A side with one unit has
// no variance of its own: the other side's stands for it and adds no df.
struct ErrorModel {
    double se = kNaN, df = 0;
    bool pooled = false;  // a side borrowed the other's variance
    bool welch = false;   // Welch's error was the wider
};
ErrorModel errorModel(double varBase, double nBase, double varNow, double nNow) {
    ErrorModel m;
    bool baseKnown = nBase >= 2 && std::isfinite(varBase), nowKnown = nNow >= 2 && std::isfinite(varNow);
    if (!baseKnown && !nowKnown) return m;
    if (!baseKnown || !nowKnown) {
        double var = baseKnown ? varBase : varNow;
        m.pooled = true;
        m.se = std::sqrt(var * (1 / nBase + 1 / nNow));
        m.df = baseKnown ? nBase - 1 : nNow - 1;
        return m;
    }
    double dfPooled = nBase + nNow - 2;
    double sePooled = std::sqrt(((nBase - 1) * varBase + (nNow - 1) * varNow) / dfPooled * (1 / nBase + 1 / nNow));
    double wb = varBase / nBase, wn = varNow / nNow;
    double seWelch = std::sqrt(wb + wn);
    if (!(seWelch > sePooled)) {
        m.se = sePooled;
        m.df = dfPooled;
        return m;
    }
    m.welch = true;
    m.se = seWelch;
    m.df = (wb + wn) * (wb + wn) / (wb * wb / (nBase - 1) + wn * wn / (nNow - 1));
    return m;
}

bool allTrusted(const std::vector<double>& v) { return std::all_of(v.begin(), v.end(), trustedValue); }

// The variance's upper confidence bound at `level` given its degrees of freedom.
double varianceUpperBound(double var, double df, double level) {
    if (!(df > 0) || !(var > 0)) return var;
    return var * df / boost::math::quantile(boost::math::chi_squared(df), 1 - level);
}

}  // namespace

bool trustedValue(double x) { return std::isfinite(x) && std::fabs(x) <= kMaxTrustedValue; }

std::vector<double> iterationMeans(const std::vector<IterationSamples>& iterations) {
    std::vector<double> means;
    for (const IterationSamples& it : iterations)
        if (!it.values.empty()) means.push_back(unitMoments(it.values).mean);
    return means;
}

ChangeEstimate estimateChange(const std::vector<double>& base, const std::vector<double>& now, double confidence) {
    ChangeEstimate e;
    e.baseN = base.size();
    e.nowN = now.size();
    e.lowPct = e.highPct = e.sePct = kNaN;
    if (base.empty() || now.empty()) return e;
    if (!allTrusted(base) || !allTrusted(now)) {
        e.gap = NoInterval::BadValue;
        e.baseMean = e.nowMean = e.changePct = kNaN;
        return e;
    }
    const UnitMoments b = unitMoments(base), n = unitMoments(now);
    e.baseMean = b.mean;
    e.nowMean = n.mean;
    e.baseSd = std::sqrt(b.var);
    e.nowSd = std::sqrt(n.var);
    if (e.baseMean == 0) {
        e.gap = NoInterval::ZeroBase;
        return e;
    }
    const double scale = 100 / std::fabs(e.baseMean);
    e.changePct = (e.nowMean - e.baseMean) * scale;
    ErrorModel m = errorModel(e.baseSd * e.baseSd, static_cast<double>(e.baseN), e.nowSd * e.nowSd,
                              static_cast<double>(e.nowN));
    if (!(m.df > 0)) {
        e.gap = NoInterval::OneUnitEach;
        return e;
    }
    // No variance between units sizes nothing: a constant (often quantised:
    // a 0.080 ms minimum latency) differing from another constant is no
    // evidence of a change; an identical one is an exact 0.
    if (m.se == 0 && e.changePct != 0) {
        e.gap = NoInterval::Constant;
        return e;
    }
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

namespace {

// Student's quantile at a whole df, each computed once (a report asks
// unitsToDetect for thousands of dfs, most of them near the same few).
double wholeDfQuantile(double df, double p) {
    static std::map<std::pair<double, double>, double> known;
    auto [it, added] = known.try_emplace({df, p}, 0.0);
    if (added) it->second = tQuantile(df, p);
    return it->second;
}

// Whether (t(df, pa) + t(df, pb)) * seScaled <= limit, as computed exactly,
// without Student's quantile at a fractional df where it can be avoided:
// t falls as df grows, so the quantiles at the whole dfs either side bound
// it, and clearly so (the fraction kept away from 0 and 1 by 1e-6, where
// t moves by far more than its rounding). Only a bound that does not decide
// costs the exact quantiles; the answer is the same.
bool settlesWithin(double df, double pa, double pb, double seScaled, double limit) {
    const double lo = std::floor(df), hi = lo + 1;
    const bool bracketed = lo >= 1 && hi < 1e6 && df - lo > 1e-6 && hi - df > 1e-6;
    if (df == lo && lo >= 1 && lo < 1e6)
        return (wholeDfQuantile(lo, pa) + wholeDfQuantile(lo, pb)) * seScaled <= limit;  // the same doubles
    if (bracketed && (wholeDfQuantile(lo, pa) + wholeDfQuantile(lo, pb)) * seScaled <= limit) return true;
    if (bracketed && (wholeDfQuantile(hi, pa) + wholeDfQuantile(hi, pb)) * seScaled > limit) return false;
    return (tQuantile(df, pa) + tQuantile(df, pb)) * seScaled <= limit;
}

}  // namespace

std::optional<std::size_t> unitsToDetect(const ChangeEstimate& e, std::size_t baseRuns, double thresholdPct,
                                         double alpha, double power, std::size_t maxUnits) {
    if (!e.hasInterval() || e.baseMean == 0 || maxUnits < 2) return std::nullopt;
    // Each side's variance, at its upper bound; a side with one unit borrows the other's.
    double vb = e.baseN >= 2 ? varianceUpperBound(e.baseSd * e.baseSd, static_cast<double>(e.baseN - 1),
                                                  kVarianceBoundLevel)
                             : kNaN;
    double vn = e.nowN >= 2 ? varianceUpperBound(e.nowSd * e.nowSd, static_cast<double>(e.nowN - 1),
                                                 kVarianceBoundLevel)
                            : kNaN;
    if (!std::isfinite(vb)) vb = vn;
    if (!std::isfinite(vn)) vn = vb;
    const double scale = 100 / std::fabs(e.baseMean);
    // t((1 + power) / 2): a threshold-sized change is then detected, and no change
    // claimed when there is none, each with at least `power` probability.
    auto settles = [&](std::size_t n) {
        ErrorModel m = errorModel(vb, static_cast<double>(n * baseRuns), vn, static_cast<double>(n));
        if (m.se == 0) return true;
        return settlesWithin(m.df, 1 - alpha / 2, (1 + power) / 2, m.se * scale, thresholdPct);
    };
    return smallestSettlingUnits(2, maxUnits, settles);
}

}  // namespace mmtp::compare
