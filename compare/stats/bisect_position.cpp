#include "stats/bisect_position.hpp"

#include "stats/unit_moments.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mmtp::compare {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t kMostUnits = 1000;

using Side = UnitMoments;

// Welch-Satterthwaite over terms var/n * weight; a side without variance
// borrows the references' pooled one (and adds no degree of freedom).
struct Spread {
    double se = kNaN, df = 0;
};
Spread spread(Side good, Side bad, Side cand) {
    double ssRef = 0, dfRef = 0;
    for (const Side& s : {good, bad})
        if (s.hasVariance()) {
            ssRef += s.var * (s.n - 1);
            dfRef += s.n - 1;
        }
    Spread out;
    if (!(dfRef > 0) && !cand.hasVariance()) return out;
    double pooled = dfRef > 0 ? ssRef / dfRef : cand.var;
    double sum = 0, denom = 0;
    auto term = [&](const Side& s, double weight) {
        double w = (s.hasVariance() ? s.var : pooled) * weight / s.n;
        sum += w;
        if (s.hasVariance()) denom += w * w / (s.n - 1);
    };
    term(cand, 1);
    term(good, 0.25);
    term(bad, 0.25);
    out.se = std::sqrt(sum);
    double borrowedDf = dfRef > 0 ? dfRef : cand.n - 1;
    out.df = denom > 0 ? sum * sum / denom : borrowedDf;
    return out;
}

bool allTrusted(const PositionInput& in) {
    for (const auto* v : {&in.good, &in.bad, &in.candidate, &in.anchor})
        if (!std::all_of(v->begin(), v->end(), trustedValue)) return false;
    return true;
}

// The run-to-run variance, one for every run of the step: pooled over the
// references, the candidate and the anchor.
struct Pooled {
    double s2 = kNaN, df = 0;
};
Pooled pooledRuns(const Side& good, const Side& bad, const Side& cand, const std::optional<Side>& anchor) {
    double ss = 0, df = 0;
    for (const Side& s : {good, bad, cand, anchor.value_or(Side{})})
        if (s.hasVariance()) {
            ss += s.var * (s.n - 1);
            df += s.n - 1;
        }
    return df > 0 ? Pooled{ss / df, df} : Pooled{};
}

// The anchor is shown to have moved from the good reference by more than
// kAnchorDriftLimit of the effect: its move's interval lies beyond it.
bool anchorShownMoved(const Side& good, const Side& anchor, const Pooled& pooled, double effect, double confidence) {
    const double half = tQuantile(pooled.df, 1 - (1 - confidence) / 2) * std::sqrt(pooled.s2 * (1 / good.n + 1 / anchor.n));
    return std::fabs(anchor.mean - good.mean) - half > kAnchorDriftLimit * std::fabs(effect);
}

// Fieller's interval for the ratio (cand - good) / (bad - good), the
// run-to-run variance pooled over the three groups (runs as units): the
// ratio of two noisy differences sharing good's mean, whose own interval a
// Welch-type error around the point misstates when bad - good is itself
// uncertain. Unbounded (nullopt) when bad - good is not significant at the
// same level: the references do not differ.
struct Fieller {
    double low = kNaN, high = kNaN;
};
// With an anchor the numerator is cand - anchor (runs made beside each
// other) and shares nothing with the denominator bad - good.
std::optional<Fieller> fiellerInterval(const Side& good, const Side& bad, const Side& cand, double confidence,
                                       const std::optional<Side>& anchor = std::nullopt) {
    const Pooled pooled = pooledRuns(good, bad, cand, anchor);
    if (!(pooled.df > 0)) return std::nullopt;
    const double s2 = pooled.s2, t = tQuantile(pooled.df, 1 - (1 - confidence) / 2), t2 = t * t;
    const Side& from = anchor ? *anchor : good;
    const double num = cand.mean - from.mean, den = bad.mean - good.mean;
    const double vNum = s2 * (1 / cand.n + 1 / from.n), vDen = s2 * (1 / bad.n + 1 / good.n);
    const double cov = anchor ? 0 : s2 / good.n;
    const double a = den * den - t2 * vDen, b = num * den - t2 * cov, c = num * num - t2 * vNum;
    if (!(a > 0)) return std::nullopt;
    const double root = std::sqrt(std::max(0.0, b * b - a * c));
    return Fieller{(b - root) / a, (b + root) / a};
}

std::vector<double> scaled(std::vector<double> runs, double factor) {
    for (double& r : runs) r *= factor;
    return runs;
}

std::optional<std::size_t> unitsToSettle(const Side& good, const Side& bad, Side cand, double distance,
                                         double confidence) {
    auto settles = [&](std::size_t n) {
        cand.n = static_cast<double>(n);
        Spread s = spread(good, bad, cand);
        return s.df > 0 && tQuantile(s.df, 1 - (1 - confidence) / 2) * s.se < distance;
    };
    return smallestSettlingUnits(1, kMostUnits, settles);
}

}  // namespace

const char* bisectSideName(BisectSide side) {
    switch (side) {
        case BisectSide::Good: return "good";
        case BisectSide::Bad: return "bad";
        case BisectSide::Unsure: break;
    }
    return "unsure";
}

BisectPosition placeCandidate(const PositionInput& in, double confidence) {
    BisectPosition p;
    p.op = in.op;
    p.low = p.high = p.position = kNaN;
    if (in.good.empty() || in.bad.empty() || in.candidate.empty()) {
        p.noInterval = NoInterval::OneUnitEach;
        return p;
    }
    if (!allTrusted(in)) {
        p.noInterval = NoInterval::BadValue;
        return p;
    }
    Side good = unitMoments(in.good), bad = unitMoments(in.bad);
    const bool anchored = !in.anchor.empty();
    const Side anchorAsRun = anchored ? unitMoments(in.anchor) : good;
    if (good.mean == 0 || anchorAsRun.mean == 0) {
        p.noInterval = NoInterval::ZeroBase;
        return p;
    }
    // With an anchor, the candidate's and the anchor's runs in the references'
    // scale: a machine that moved runs both builds slower or faster alike.
    const double scale = good.mean / anchorAsRun.mean;
    Side cand = unitMoments(scaled(in.candidate, scale));
    const std::optional<Side> anchor =
        anchored ? std::optional(unitMoments(scaled(in.anchor, scale))) : std::nullopt;
    const double effect = bad.mean - good.mean;
    p.effectPct = effect / std::fabs(good.mean) * 100;
    p.position = effect != 0 ? (cand.mean - (anchor ? anchor->mean : good.mean)) / effect : kNaN;
    Spread s = spread(good, bad, cand);
    if (!(s.df > 0)) {
        p.noInterval = NoInterval::OneUnitEach;
        return p;
    }
    const std::optional<Fieller> f = fiellerInterval(good, bad, cand, confidence, anchor);
    if (!f) {
        p.referencesAgree = true;
        return p;
    }
    if (anchored && anchorShownMoved(good, anchorAsRun, pooledRuns(good, bad, cand, anchor), effect, confidence)) {
        p.anchorMoved = true;  // too far for the references' effect to stand: skip
        return p;
    }
    p.low = f->low;
    p.high = f->high;
    if (p.high < 0.5) p.side = BisectSide::Good;
    else if (p.low > 0.5) p.side = BisectSide::Bad;
    else p.unitsNeeded = unitsToSettle(good, bad, cand, std::fabs(p.position - 0.5) * std::fabs(effect), confidence);
    return p;
}

}  // namespace mmtp::compare
