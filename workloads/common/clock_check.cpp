#include "common/clock_check.hpp"

#include "base/atomic_file.hpp"
#include "base/text_format.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <ctime>

namespace mmtp {

namespace {

// Our own names and settings only, but escaped all the same.
std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\')
            out += '\\', out += char(c);
        else if (c < 0x20)
            out += formatText("\\u%04x", unsigned(c));
        else
            out += char(c);
    }
    return out + "\"";
}

std::string jsonNumber(double v) { return std::isfinite(v) ? formatText("%.10g", v) : "null"; }

double ticks(std::int64_t spanNs, double resolutionNs) { return double(spanNs) / resolutionNs; }

}  // namespace

double monotonicResolutionNs() {
    timespec res{};
    if (::clock_getres(CLOCK_MONOTONIC, &res) != 0) return 1;
    double ns = double(res.tv_sec) * 1e9 + double(res.tv_nsec);
    return ns > 0 ? ns : 1;
}

double detectableChangePct(double covPct, int n) {
    if (n < 2 || !std::isfinite(covPct)) return std::nan("");
    boost::math::students_t t(2.0 * n - 2);
    return boost::math::quantile(boost::math::complement(t, 0.025)) * covPct * std::sqrt(2.0 / n);
}

int iterationsForTarget(double covPct) {
    // detectableChangePct falls as n grows: double, then halve the gap.
    auto enough = [covPct](int n) { return detectableChangePct(covPct, n) <= kTargetChangePct; };
    int lo = 1, hi = 2;  // !enough(lo) (1 sample is never enough), enough(hi) once found
    while (!enough(hi) && hi < (1 << 24)) lo = hi, hi *= 2;
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        (enough(mid) ? hi : lo) = mid;
    }
    return hi;
}

ClockCheck::ClockCheck(ClockSpec spec, std::ostream& warnings) : spec_(std::move(spec)), warn_(warnings) {}

void ClockCheck::span(const std::string& sample, std::int64_t spanNs) {
    samples_++;
    if (!shortestNs_ || spanNs < *shortestNs_) shortestNs_ = spanNs, shortestSample_ = sample;
    if (ticks(spanNs, spec_.resolutionNs) >= kMinTicks) return;
    if (shortSamples_++ == 0)
        warn_ << spec_.workload << ": warning: " << sample << " lasted " << formatText("%.0f", ticks(spanNs, spec_.resolutionNs))
              << " ticks of its clock (" << spec_.clock << ", tick " << jsonNumber(spec_.resolutionNs)
              << " ns), under " << formatText("%.0f", kMinTicks) << ": its rate is quantised; raise "
              << spec_.spanSetting << std::endl;
}

void ClockCheck::rate(const std::string& series, double value) { series_[series].push_back(value); }

std::map<std::string, ClockCheck::SeriesStats> ClockCheck::seriesStats() const {
    std::map<std::string, SeriesStats> out;
    for (const auto& [name, v] : series_) {
        SeriesStats s;
        s.n = int(v.size());
        for (double x : v) s.mean += x;
        s.mean /= s.n;
        double ss = 0;
        for (double x : v) ss += (x - s.mean) * (x - s.mean);
        s.covPct = s.n > 1 && s.mean != 0 ? 100 * std::sqrt(ss / (s.n - 1)) / std::fabs(s.mean) : std::nan("");
        out[name] = s;
    }
    return out;
}

std::string ClockCheck::json() const {
    std::string j = "{\n  \"workload\": " + jsonString(spec_.workload) + ",\n  \"clock\": " + jsonString(spec_.clock) +
                    ",\n  \"resolution_ns\": " + jsonNumber(spec_.resolutionNs) +
                    ",\n  \"min_ticks\": " + jsonNumber(kMinTicks) + ",\n  \"span_setting\": " + jsonString(spec_.spanSetting) +
                    ",\n  \"samples\": " + std::to_string(samples_) + ",\n  \"short_samples\": " + std::to_string(shortSamples_);
    if (shortestNs_)
        j += ",\n  \"shortest_span_ns\": " + std::to_string(*shortestNs_) + ",\n  \"shortest_sample\": " +
             jsonString(shortestSample_) + ",\n  \"shortest_ticks\": " + jsonNumber(ticks(*shortestNs_, spec_.resolutionNs));
    j += ",\n  \"iterations\": " + std::to_string(spec_.iterations) + ",\n  \"iterations_setting\": " +
         jsonString(spec_.iterationsSetting) + ",\n  \"target_change_pct\": " + jsonNumber(kTargetChangePct) +
         ",\n  \"series\": [";
    bool first = true;
    for (const auto& [name, s] : seriesStats()) {
        j += first ? "\n" : ",\n";
        first = false;
        j += "    {\"name\": " + jsonString(name) + ", \"n\": " + std::to_string(s.n) + ", \"mean\": " + jsonNumber(s.mean) +
             ", \"cov_pct\": " + jsonNumber(s.covPct) +
             ", \"detectable_change_pct\": " + jsonNumber(detectableChangePct(s.covPct, s.n)) + "}";
    }
    return j + (first ? "]\n}\n" : "\n  ]\n}\n");
}

void ClockCheck::finish(const std::filesystem::path& logdir) {
    if (shortSamples_ > 1)
        warn_ << spec_.workload << ": warning: " << shortSamples_ << " of " << samples_ << " samples lasted under "
              << formatText("%.0f", kMinTicks) << " ticks of " << spec_.clock << "; raise " << spec_.spanSetting
              << std::endl;
    for (const auto& [name, s] : seriesStats()) {
        double detectable = detectableChangePct(s.covPct, s.n);
        if (!(detectable > kTargetChangePct)) continue;
        warn_ << spec_.workload << ": warning: " << name << ": CoV " << formatText("%.1f", s.covPct) << " % over "
              << s.n << " samples; two runs like this cannot call a change under "
              << formatText("%.0f", detectable) << " % significant (95 %): a verdict on it would be inconclusive; raise "
              << spec_.iterationsSetting << " (about " << iterationsForTarget(s.covPct) << " for "
              << formatText("%.0f", kTargetChangePct) << " %)" << std::endl;
    }
    writeFileAtomically(logdir / (spec_.workload + "-clock.json"), json());
}

}  // namespace mmtp
