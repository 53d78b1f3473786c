#include "store/change_points.hpp"

#include <algorithm>
#include <cmath>

namespace mmtp::compare::store {

namespace {

std::vector<double> pooled(const std::vector<SeriesRun>& s, std::size_t lo, std::size_t hi) {
    std::vector<double> v;
    for (std::size_t i = lo; i < hi; ++i) v.insert(v.end(), s[i].means.begin(), s[i].means.end());
    return v;
}

// thresholdPct: 0 for a change point (any significant shift; its size is
// shown, not gated), the verdict's threshold for the newest run's status.
MetricCall test(const std::vector<SeriesRun>& s, std::size_t lo, std::size_t split, std::size_t hi,
                bool higherIsBetter, double alpha, double thresholdPct = 0) {
    MetricInput in;
    in.higherIsBetter = higherIsBetter;
    in.base = pooled(s, lo, split);
    in.now = pooled(s, split, hi);
    CallSettings cs;
    cs.alpha = alpha;
    cs.thresholdPct = thresholdPct;
    return callFamily({in}, cs, split - lo).rows.front();
}

// The split of [lo, hi) with the largest |mean before - mean after| scaled by
// sqrt(n_before * n_after / n) (iteration means as observations); hi when
// no split leaves minRuns runs with data on each side.
std::size_t bestSplit(const std::vector<SeriesRun>& s, std::size_t lo, std::size_t hi, std::size_t minRuns) {
    double total = 0, n = 0;
    for (std::size_t i = lo; i < hi; ++i)
        for (double m : s[i].means) total += m, ++n;
    double before = 0, nBefore = 0, best = -1;
    std::size_t at = hi;
    for (std::size_t k = lo; k + 1 < hi; ++k) {
        for (double m : s[k].means) before += m, ++nBefore;
        std::size_t split = k + 1;
        if (split - lo < minRuns || hi - split < minRuns || nBefore == 0 || nBefore == n) continue;
        double nAfter = n - nBefore;
        double diff = before / nBefore - (total - before) / nAfter;
        double score = std::fabs(diff) * std::sqrt(nBefore * nAfter / n);
        if (score > best) best = score, at = split;
    }
    return at;
}

void segment(const std::vector<SeriesRun>& s, std::size_t lo, std::size_t hi, bool higherIsBetter,
             const ChangePointSettings& cfg, double alpha, std::vector<ChangePoint>& out) {
    if (hi - lo < 2 * cfg.minSegmentRuns) return;
    std::size_t split = bestSplit(s, lo, hi, cfg.minSegmentRuns);
    if (split == hi) return;
    MetricCall c = test(s, lo, split, hi, higherIsBetter, alpha);
    if (c.call != Call::Regression && c.call != Call::Improvement) return;
    segment(s, lo, split, higherIsBetter, cfg, alpha, out);
    out.push_back({split, c});
    segment(s, split, hi, higherIsBetter, cfg, alpha, out);
}

}  // namespace

std::vector<ChangePoint> findChangePoints(const std::vector<SeriesRun>& series, bool higherIsBetter,
                                          const ChangePointSettings& settings) {
    std::vector<ChangePoint> out;
    if (series.size() < 2) return out;
    const double alpha = settings.alpha / static_cast<double>(series.size() - 1);
    segment(series, 0, series.size(), higherIsBetter, settings, alpha, out);
    // The size of each shift is between its neighbouring segments (the test
    // that found it may have pooled later shifts into its "after" side).
    for (std::size_t i = 0; i < out.size(); ++i) {
        std::size_t lo = i == 0 ? 0 : out[i - 1].firstRun;
        std::size_t hi = i + 1 == out.size() ? series.size() : out[i + 1].firstRun;
        out[i].call = test(series, lo, out[i].firstRun, hi, higherIsBetter, alpha);
    }
    return out;
}

int newestRunBisectStatus(const std::vector<SeriesRun>& series, const std::vector<ChangePoint>& changes,
                          bool higherIsBetter, const ChangePointSettings& settings, MetricCall* call) {
    if (series.size() < 2) return 125;
    const std::size_t newest = series.size() - 1;
    std::size_t start = 0;  // the last stable segment: from the last shift before the newest run
    for (const ChangePoint& c : changes)
        if (c.firstRun < newest) start = std::max(start, c.firstRun);
    MetricCall c = test(series, start, newest, series.size(), higherIsBetter, settings.alpha, settings.thresholdPct);
    if (call) *call = c;
    if (c.call == Call::Regression) return 1;
    if (c.call == Call::NoChange || c.call == Call::Improvement || c.call == Call::Small) return 0;
    return 125;
}

}  // namespace mmtp::compare::store
