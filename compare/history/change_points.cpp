#include "history/change_points.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::compare::store {

namespace {

// A run's one value: the mean of its iteration means. The run is the unit
// (its iterations ran in one boot, one after another, and share whatever
// that run shared), so the noise a shift is measured against is the spread
// between runs, not between iterations of one run.
double runValue(const SeriesRun& r) {
    double sum = 0;
    for (double m : r.means) sum += m;
    return sum / static_cast<double>(r.means.size());
}

std::vector<double> runValues(const SeriesRuns& s, std::size_t lo, std::size_t hi) {
    std::vector<double> v;
    for (std::size_t i = lo; i < hi; ++i)
        if (!s[i]->means.empty()) v.push_back(runValue(*s[i]));
    return v;
}

// thresholdPct: 0 for a change point (any significant shift; its size is
// shown, not gated), the verdict's threshold for the newest run's status.
MetricCall test(const SeriesRuns& s, std::size_t lo, std::size_t split, std::size_t hi,
                bool higherIsBetter, double alpha, double thresholdPct = 0) {
    MetricInput in;
    in.higherIsBetter = higherIsBetter;
    in.base = runValues(s, lo, split);
    in.now = runValues(s, split, hi);
    CallSettings cs;
    cs.alpha = alpha;
    cs.thresholdPct = thresholdPct;
    return callFamily({in}, cs, split - lo).rows.front();
}

// The split of [lo, hi) with the largest |mean before - mean after| scaled by
// sqrt(n_before * n_after / n) (run values as observations); hi when no
// split leaves minRuns runs with data on each side.
std::size_t bestSplit(const SeriesRuns& s, std::size_t lo, std::size_t hi, std::size_t minRuns) {
    double total = 0, n = 0;
    for (std::size_t i = lo; i < hi; ++i)
        if (!s[i]->means.empty()) total += runValue(*s[i]), ++n;
    double before = 0, nBefore = 0, best = -1;
    std::size_t at = hi;
    for (std::size_t k = lo; k + 1 < hi; ++k) {
        if (!s[k]->means.empty()) before += runValue(*s[k]), ++nBefore;
        std::size_t split = k + 1;
        if (split - lo < minRuns || hi - split < minRuns || nBefore < static_cast<double>(minRuns) ||
            n - nBefore < static_cast<double>(minRuns))
            continue;
        double nAfter = n - nBefore;
        double diff = before / nBefore - (total - before) / nAfter;
        double score = std::fabs(diff) * std::sqrt(nBefore * nAfter / n);
        if (score > best) best = score, at = split;
    }
    return at;
}

bool isShift(const MetricCall& c) { return c.call == Call::Regression || c.call == Call::Improvement; }

// The candidate split of [lo, hi) is tested twice, each at alpha / 2: with
// the whole segment on each side, and with as many runs on each side as the
// shorter side has (a later shift back would otherwise mix two levels into
// the longer side, and the spread between its runs hide a shift of many
// times the noise). Both windows follow from the split alone, so the second
// test adds no choice of its own. The first test that calls it is kept.
void segment(const SeriesRuns& s, std::size_t lo, std::size_t hi, bool higherIsBetter,
             const ChangePointSettings& cfg, double alpha, std::vector<ChangePoint>& out) {
    if (hi - lo < 2 * cfg.minSegmentRuns) return;
    std::size_t split = bestSplit(s, lo, hi, cfg.minSegmentRuns);
    if (split == hi) return;
    MetricCall c = test(s, lo, split, hi, higherIsBetter, alpha / 2);
    if (const std::size_t w = std::min(split - lo, hi - split); !isShift(c) && split - lo != hi - split)
        c = test(s, split - w, split, split + w, higherIsBetter, alpha / 2);
    if (!isShift(c)) return;
    segment(s, lo, split, higherIsBetter, cfg, alpha, out);
    out.push_back({split, c});
    segment(s, split, hi, higherIsBetter, cfg, alpha, out);
}

}  // namespace

std::vector<std::size_t> settingsBreaks(const SeriesRuns& series) {
    std::vector<std::size_t> breaks;
    const std::optional<std::string>* last = nullptr;
    for (std::size_t i = 0; i < series.size(); ++i) {
        if (!series[i]->settings) continue;
        if (last && **last != *series[i]->settings) breaks.push_back(i);
        last = &series[i]->settings;
    }
    return breaks;
}

namespace {

std::vector<ChangePoint> changePointsWithin(const SeriesRuns& series, bool higherIsBetter,
                                            const ChangePointSettings& settings) {
    std::vector<ChangePoint> out;
    if (series.size() < 2) return out;
    const double alpha = settings.alpha / static_cast<double>(series.size() - 1);
    segment(series, 0, series.size(), higherIsBetter, settings, alpha, out);
    // Each shift is then measured between its neighbouring segments (the test
    // that found it may have pooled later shifts into a side, or seen a short
    // window); one that is no shift there is dropped, its neighbours measured
    // again, until every one left holds.
    while (true) {
        std::size_t weakest = out.size();
        for (std::size_t i = 0; i < out.size(); ++i) {
            std::size_t lo = i == 0 ? 0 : out[i - 1].firstRun;
            std::size_t hi = i + 1 == out.size() ? series.size() : out[i + 1].firstRun;
            out[i].call = test(series, lo, out[i].firstRun, hi, higherIsBetter, alpha);
            if (!isShift(out[i].call) &&
                (weakest == out.size() ||
                 std::fabs(out[i].call.change.changePct) < std::fabs(out[weakest].call.change.changePct)))
                weakest = i;
        }
        if (weakest == out.size()) break;
        out.erase(out.begin() + static_cast<long>(weakest));
    }
    return out;
}

}  // namespace

std::vector<ChangePoint> findChangePoints(const SeriesRuns& series, bool higherIsBetter,
                                          const ChangePointSettings& settings) {
    std::vector<std::size_t> bounds = settingsBreaks(series);
    bounds.insert(bounds.begin(), 0);
    bounds.push_back(series.size());
    if (bounds.size() == 2) return changePointsWithin(series, higherIsBetter, settings);  // one segment: no copy
    std::vector<ChangePoint> out;
    for (std::size_t b = 0; b + 1 < bounds.size(); ++b) {
        const SeriesRuns segment(series.begin() + static_cast<long>(bounds[b]),
                                             series.begin() + static_cast<long>(bounds[b + 1]));
        for (ChangePoint c : changePointsWithin(segment, higherIsBetter, settings)) {
            c.firstRun += bounds[b];
            out.push_back(c);
        }
    }
    return out;
}

int newestRunBisectStatus(const SeriesRuns& series, bool higherIsBetter,
                          const ChangePointSettings& settings, MetricCall* call) {
    if (series.size() < 2) return 125;
    const std::size_t newest = series.size() - 1;
    // The last stable segment: from the last shift of the history before the
    // newest run (a shift the newest run itself makes is what is asked).
    const SeriesRuns before(series.begin(), series.begin() + static_cast<long>(newest));
    std::size_t start = 0;
    for (const ChangePoint& c : findChangePoints(before, higherIsBetter, settings)) start = std::max(start, c.firstRun);
    for (std::size_t b : settingsBreaks(series)) start = std::max(start, b);
    if (start == newest) return 125;  // its settings are new: nothing measured them before
    MetricCall c = test(series, start, newest, series.size(), higherIsBetter, settings.alpha, settings.thresholdPct);
    if (call) *call = c;
    if (c.call == Call::Regression) return 1;
    if (c.call == Call::NoChange || c.call == Call::Improvement || c.call == Call::Small) return 0;
    return 125;
}

namespace {

SeriesRuns pointersTo(const std::vector<SeriesRun>& series) {
    SeriesRuns p;
    p.reserve(series.size());
    for (const SeriesRun& r : series) p.push_back(&r);
    return p;
}

}  // namespace

std::vector<std::size_t> settingsBreaks(const std::vector<SeriesRun>& series) { return settingsBreaks(pointersTo(series)); }

std::vector<ChangePoint> findChangePoints(const std::vector<SeriesRun>& series, bool higherIsBetter,
                                          const ChangePointSettings& settings) {
    return findChangePoints(pointersTo(series), higherIsBetter, settings);
}

int newestRunBisectStatus(const std::vector<SeriesRun>& series, bool higherIsBetter,
                          const ChangePointSettings& settings, MetricCall* call) {
    return newestRunBisectStatus(pointersTo(series), higherIsBetter, settings, call);
}

}  // namespace mmtp::compare::store
