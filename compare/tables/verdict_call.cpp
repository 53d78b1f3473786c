#include "tables/verdict_call.hpp"

#include "core/metric_regex.hpp"

#include <algorithm>
#include <cmath>

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

std::size_t testedCount(const std::vector<MetricInput>& metrics) {
    return static_cast<std::size_t>(std::count_if(metrics.begin(), metrics.end(), [](const MetricInput& m) {
        return estimateChange(m.base, m.now, 0.95).hasInterval();
    }));
}

namespace {

// The drift must be cleared by the interval's nearer end, not by the point
// estimate: the drift is itself a noisy difference of two means.
bool clearsDrift(const MetricCall& r) {
    if (!r.driftPct) return true;
    return r.change.lowPct > *r.driftPct || r.change.highPct < -*r.driftPct;
}

void decide(MetricCall& r) {
    const ChangeEstimate& e = r.change;
    r.call = Call::Inconclusive;
    if (!e.hasInterval()) {
        r.why = Undecided::NoInterval;
    } else if (e.lowPct >= -r.thresholdPct && e.highPct <= r.thresholdPct) {
        r.call = Call::NoChange;
    } else if (!(e.lowPct > 0 || e.highPct < 0)) {
        r.why = Undecided::Wide;
    } else if (!clearsDrift(r)) {
        r.why = Undecided::Drift;
    } else if (std::fabs(e.changePct) < r.thresholdPct) {
        r.call = Call::Small;
    } else {
        r.call = (e.changePct > 0) == r.higherIsBetter ? Call::Improvement : Call::Regression;
    }
}

std::optional<double> driftPct(const MetricInput& m, double baseMean) {
    if (m.baselineRunMeans.size() < 2 || baseMean == 0 || !std::isfinite(baseMean)) return std::nullopt;
    auto [lo, hi] = std::minmax_element(m.baselineRunMeans.begin(), m.baselineRunMeans.end());
    return (*hi - *lo) / std::fabs(baseMean) * 100;
}

}  // namespace

CallFamily callFamily(const std::vector<MetricInput>& metrics, const CallSettings& s, std::size_t baseRuns,
                      std::size_t familySize) {
    CallFamily f;
    f.alpha = s.alpha;
    f.thresholdPct = s.thresholdPct;
    f.perMetricThresholds = !s.perMetric.empty();
    f.tested = familySize > 0 ? familySize : testedCount(metrics);
    const double familyAlpha = s.alpha / static_cast<double>(std::max<std::size_t>(f.tested, 1));
    f.confidence = 1 - familyAlpha;
    for (const MetricInput& m : metrics) {
        MetricCall r;
        r.op = m.op;
        r.unit = m.unit;
        r.higherIsBetter = m.higherIsBetter;
        r.change = estimateChange(m.base, m.now, f.confidence);
        r.thresholdPct = s.thresholdFor(m.op);
        r.driftPct = driftPct(m, r.change.baseMean);
        r.detectablePct = detectableChangePct(r.change, familyAlpha, s.power);
        decide(r);
        if (r.call == Call::Inconclusive)
            r.unitsNeeded = unitsToDetect(r.change, baseRuns, r.thresholdPct, familyAlpha, s.power);
        f.rows.push_back(std::move(r));
    }
    return f;
}

}  // namespace mmtp::compare
