#include "stats/verdict_call.hpp"

#include "stats/alpha_spending.hpp"
#include "core/metric_regex.hpp"

#include <boost/math/distributions/fisher_f.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mmtp::compare {

const char* callName(Call call) {
    switch (call) {
        case Call::Regression: return "regression";
        case Call::Improvement: return "improvement";
        case Call::Small: return "small change";
        case Call::NoChange: return "no change";
        case Call::Inconclusive: break;
    }
    return "inconclusive";
}

bool isCall(Call call) { return call == Call::Regression || call == Call::Improvement; }

double CallSettings::thresholdFor(const std::string& metric) const {
    for (const auto& [pattern, pct] : perMetric)
        if (MetricRegex(pattern).search(metric)) return pct;  // bounded: core/metric_regex.hpp
    return thresholdPct;
}

std::size_t CallFamily::count(Call c) const {
    return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [c](const MetricCall& r) { return r.call == c; }));
}

bool CallFamily::allNoChange() const { return !rows.empty() && count(Call::NoChange) == rows.size(); }

std::size_t testedCount(const std::vector<MetricInput>& metrics) {
    return static_cast<std::size_t>(std::count_if(metrics.begin(), metrics.end(), [](const MetricInput& m) {
        return estimateChange(m.base, m.now, 0.95).hasInterval();
    }));
}

namespace {

// The drift must be cleared by the interval's nearer end, not by the point
// estimate: the drift is itself a noisy difference of two means.
bool clearsDrift(const ChangeEstimate& e, const std::optional<double>& drift) {
    if (!drift) return true;
    return e.lowPct > *drift || e.highPct < -*drift;
}

bool excludesZero(const ChangeEstimate& e) { return e.lowPct > 0 || e.highPct < 0; }

// The two intervals of one metric: the family-wise one tests the calls, the
// metric's own 90 % one tests "no change" (two one-sided tests).
struct Intervals {
    ChangeEstimate family, equivalence;
    double familyLevel = 0, equivalenceLevel = 0;
};

// A call when the family-wise interval excludes 0 and clears the drift
// (regression/improvement unless it lies inside (-T, T): then small); no
// change when the 90 % interval lies within +-T; else inconclusive. The row
// keeps the interval its call was tested by.
void decide(MetricCall& r, const Intervals& in, bool ownSpreadTooLarge) {
    const ChangeEstimate& e = in.family;
    r.change = e;
    r.confidence = in.familyLevel;
    r.call = Call::Inconclusive;
    if (!e.hasInterval()) {
        r.why = Undecided::NoInterval;
        return;
    }
    if (ownSpreadTooLarge) {
        r.why = Undecided::OwnSpread;
        return;
    }
    const bool significant = excludesZero(e), cleared = significant && clearsDrift(e, r.driftPct);
    const double t = r.thresholdPct;
    if (cleared) {
        r.call = e.lowPct > -t && e.highPct < t          ? Call::Small
                 : (e.changePct > 0) == r.higherIsBetter ? Call::Improvement
                                                         : Call::Regression;
        return;
    }
    const ChangeEstimate& q = in.equivalence;
    if (q.lowPct >= -t && q.highPct <= t) {
        r.call = Call::NoChange;
        r.change = q;
        r.confidence = in.equivalenceLevel;
        return;
    }
    r.why = significant ? Undecided::Drift : Undecided::Wide;
}

// A single new unit borrows the base's variance: not when its own spread
// exceeds the base units' by an F test at 5 % (one run's iterations varying
// by 20 % against A's 1 %: sysbenchcpu's single noisy run).
bool ownSpreadTooLarge(const MetricInput& m, const ChangeEstimate& e) {
    if (!m.nowOwnSpread || e.nowN != 1 || e.baseN < 2 || !(m.nowOwnSpread->df > 0)) return false;
    const double baseVar = e.baseSd * e.baseSd;
    if (!(baseVar > 0)) return m.nowOwnSpread->varOfMean > 0;
    const boost::math::fisher_f f(m.nowOwnSpread->df, static_cast<double>(e.baseN - 1));
    return m.nowOwnSpread->varOfMean / baseVar > boost::math::quantile(f, 0.95);
}

// The standard error of the difference of two baseline runs' means that
// their own units' spread gives (pooled within runs); 0 when a run has one unit.
double driftNoise(const MetricInput& m, std::size_t lo, std::size_t hi) {
    const auto& n = m.baselineRunUnits;
    if (n.size() != m.baselineRunMeans.size()) return 0;
    double ss = 0, df = 0;
    std::size_t at = 0;
    for (std::size_t r = 0; r < n.size(); ++r) {
        for (std::size_t k = at; k < at + n[r] && k < m.base.size(); ++k)
            ss += (m.base[k] - m.baselineRunMeans[r]) * (m.base[k] - m.baselineRunMeans[r]);
        df += static_cast<double>(n[r]) - 1;
        at += n[r];
    }
    if (n[lo] < 2 || n[hi] < 2 || !(df > 0)) return 0;
    return std::sqrt(ss / df * (1.0 / double(n[lo]) + 1.0 / double(n[hi])));
}

// The baseline runs' offset less one standard error of its boots' noise:
// the drift a call must clear. A/B/A's A1 and A2 differ by their boots'
// noise even when the machine did not move (by 0.8 standard errors on
// average), and that noise is in the interval already; one standard error
// off keeps a real offset's protection (the calibration's A2-drift rows)
// and gives back the power the noise took (a change of T: 54 % -> 75 %).
std::optional<double> driftPct(const MetricInput& m, double baseMean) {
    if (m.baselineRunMeans.size() < 2 || baseMean == 0 || !std::isfinite(baseMean)) return std::nullopt;
    auto [lo, hi] = std::minmax_element(m.baselineRunMeans.begin(), m.baselineRunMeans.end());
    const double noise = driftNoise(m, static_cast<std::size_t>(lo - m.baselineRunMeans.begin()),
                                    static_cast<std::size_t>(hi - m.baselineRunMeans.begin()));
    return std::max(0.0, *hi - *lo - noise) / std::fabs(baseMean) * 100;
}

}  // namespace

double callPValue(const MetricInput& m) {
    const ChangeEstimate e = estimateChange(m.base, m.now, 0.95);
    if (!e.hasInterval()) return std::numeric_limits<double>::quiet_NaN();
    const double margin = std::fabs(e.changePct) - driftPct(m, e.baseMean).value_or(0);
    if (!(margin > 0)) return 1;
    if (e.sePct == 0) return 0;
    return 2 * boost::math::cdf(boost::math::complement(boost::math::students_t(e.df), margin / e.sePct));
}

std::vector<double> stepUpLevels(const std::vector<double>& p, double alpha) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (!std::isnan(p[i])) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&p](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    const std::size_t m = order.size();
    std::vector<double> levels(p.size(), alpha / static_cast<double>(std::max<std::size_t>(m, 1)));
    std::size_t passed = 0;  // from the largest p-value down: the first at or under its step's level
    for (std::size_t step = m; step > 0 && passed == 0; --step)
        if (p[order[step - 1]] <= alpha / static_cast<double>(m - step + 1)) passed = step;
    for (std::size_t step = 0; step < m; ++step)
        levels[order[step]] = alpha / static_cast<double>(step < passed ? m - passed + 1 : m - passed);
    return levels;
}

std::vector<std::vector<double>> familyLevels(const std::vector<const std::vector<MetricInput>*>& comparisons,
                                              double alpha) {
    std::vector<double> p;
    for (const auto* c : comparisons)
        for (const MetricInput& m : *c) p.push_back(callPValue(m));
    const std::vector<double> all = stepUpLevels(p, alpha);
    std::vector<std::vector<double>> out;
    std::size_t at = 0;
    for (const auto* c : comparisons) {
        out.emplace_back(all.begin() + static_cast<std::ptrdiff_t>(at),
                         all.begin() + static_cast<std::ptrdiff_t>(at + c->size()));
        at += c->size();
    }
    return out;
}

CallFamily callFamily(const std::vector<MetricInput>& metrics, const CallSettings& s, std::size_t baseRuns,
                      std::size_t familySize, const std::vector<double>* levels) {
    CallFamily f;
    f.alpha = s.alpha;
    f.thresholdPct = s.thresholdPct;
    f.perMetricThresholds = !s.perMetric.empty();
    f.tested = familySize > 0 ? familySize : testedCount(metrics);
    double familyAlpha = s.alpha / static_cast<double>(std::max<std::size_t>(f.tested, 1));
    double equivalenceAlpha = s.equivalenceAlpha;
    if (s.look) {  // each metric's own group-sequential test at alpha / m; Bonferroni over metrics
        familyAlpha = mmtp::lookAlpha(s.look->round, s.look->first, s.look->last, familyAlpha);
        equivalenceAlpha = mmtp::lookEquivalenceAlpha(s.look->round, s.look->first, s.look->last, equivalenceAlpha);
        levels = nullptr;
    }
    f.confidence = 1 - familyAlpha;
    f.equivalenceConfidence = 1 - 2 * equivalenceAlpha;
    f.stepUp = levels != nullptr;
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const MetricInput& m = metrics[i];
        MetricCall r;
        r.op = m.op;
        r.unit = m.unit;
        r.higherIsBetter = m.higherIsBetter;
        const double callLevel = levels && i < levels->size() ? 1 - (*levels)[i] : f.confidence;
        const Intervals in{estimateChange(m.base, m.now, callLevel),
                           estimateChange(m.base, m.now, f.equivalenceConfidence), callLevel, f.equivalenceConfidence};
        r.thresholdPct = s.thresholdFor(m.op);
        r.driftPct = driftPct(m, in.family.baseMean);
        r.detectablePct = detectableChangePct(in.family, familyAlpha, s.power);
        decide(r, in, ownSpreadTooLarge(m, in.family));
        if (r.call == Call::Inconclusive)
            r.unitsNeeded = unitsToDetect(in.family, baseRuns, r.thresholdPct, familyAlpha, s.power);
        f.rows.push_back(std::move(r));
    }
    return f;
}

}  // namespace mmtp::compare
