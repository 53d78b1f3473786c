#include "tables/verdict_call.hpp"

#include "core/metric_regex.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::compare {

const char* callName(Call call) {
    switch (call) {
        case Call::Regression: return "regression";
        case Call::Improvement: return "improvement";
        case Call::NoChange: return "no change";
        case Call::Inconclusive: break;
    }
    return "inconclusive";
}

double CallSettings::thresholdFor(const std::string& metric) const {
    for (const auto& [pattern, pct] : perMetric)
        if (MetricRegex(pattern).search(metric)) return pct;  // bounded: core/metric_regex.hpp
    return thresholdPct;
}

std::size_t CallFamily::count(Call c) const {
    return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [c](const MetricCall& r) { return r.call == c; }));
}

namespace {

// A change the interval shows beats "no change": a precisely measured 1 %
// regression is a regression even under a 5 % threshold.
void decide(MetricCall& r) {
    const ChangeEstimate& e = r.change;
    r.call = Call::Inconclusive;
    if (!e.hasInterval()) {
        r.why = Undecided::NoInterval;
    } else if (e.lowPct > 0 || e.highPct < 0) {
        if (r.driftPct && std::fabs(e.changePct) <= *r.driftPct) r.why = Undecided::Drift;
        else r.call = (e.changePct > 0) == r.higherIsBetter ? Call::Improvement : Call::Regression;
    } else if (e.lowPct >= -r.thresholdPct && e.highPct <= r.thresholdPct) {
        r.call = Call::NoChange;
    } else {
        r.why = Undecided::Wide;
    }
}

}  // namespace

CallFamily callFamily(const std::vector<MetricInput>& metrics, const CallSettings& s, std::size_t baseRuns) {
    CallFamily f;
    f.alpha = s.alpha;
    f.thresholdPct = s.thresholdPct;
    f.perMetricThresholds = !s.perMetric.empty();
    for (const MetricInput& m : metrics)
        if (estimateChange(m.base, m.now, 0.95).hasInterval()) ++f.tested;
    const double familyAlpha = s.alpha / static_cast<double>(std::max<std::size_t>(f.tested, 1));
    f.confidence = 1 - familyAlpha;
    for (const MetricInput& m : metrics) {
        MetricCall r;
        r.op = m.op;
        r.unit = m.unit;
        r.higherIsBetter = m.higherIsBetter;
        r.change = estimateChange(m.base, m.now, f.confidence);
        r.thresholdPct = s.thresholdFor(m.op);
        if (m.abaMeans && r.change.baseMean != 0)
            r.driftPct = std::fabs(m.abaMeans->second - m.abaMeans->first) / std::fabs(r.change.baseMean) * 100;
        r.detectablePct = detectableChangePct(r.change, familyAlpha, s.power);
        decide(r);
        if (r.call == Call::Inconclusive)
            r.iterationsNeeded = iterationsToDetect(r.change, baseRuns, r.thresholdPct, familyAlpha, s.power);
        f.rows.push_back(std::move(r));
    }
    return f;
}

}  // namespace mmtp::compare
