// verdict-calibration: the verdict engine on synthetic A/B/A reports with
// known shifts, between-boot and within-boot noise and heavy tails, through
// the same code path as compare-kernels (Extraction -> abaInput ->
// callFamily). Prints, per scenario over REPORTS reports of 20 metrics:
//   fwer-reg  reports with any metric called a regression when nothing changed
//   fwer      reports with any metric called regression or improvement when nothing changed
//   detect    metrics called in the shift's direction
//   nochange  metrics claimed "no change" although shifted
//   at-mde    detection when the shift is the median reported detectable change
//   resolved  inconclusive metrics that a rerun with the recommended iterations settles
// Not a timed test: a calibration table (docs/verdicts.md).
//   build/bin/verdict-calibration [REPORTS] [SEED]
#include "tables/verdict.hpp"
#include "tables/verdict_call.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace mmtp::compare;

namespace {

constexpr int kMetrics = 20, kSamples = 5;

struct Scenario {
    const char* name;
    double shiftPct;       // B's true change (higher is better: negative is a regression)
    double bootPct;        // between-iteration (boot) noise, sd in %
    double samplePct;      // within-iteration noise, sd in %
    int iterations;        // per run
    bool heavyTails;       // boot noise from Student's t with 3 df (scaled to bootPct)
};

struct Noise {
    std::mt19937_64 rng;
    std::normal_distribution<double> normal{0, 1};
    std::student_t_distribution<double> t3{3};
    double boot(const Scenario& s) {
        // t(3) has variance 3: scaled to unit variance
        return s.heavyTails ? t3(rng) / std::sqrt(3.0) : normal(rng);
    }
};

// One run of one metric: `iterations` boots of kSamples samples each.
void addRun(RunSummary& run, const std::string& op, double level, const Scenario& s, int iterations, Noise& n) {
    for (int it = 0; it < iterations; ++it) {
        double bootLevel = level * (1 + s.bootPct / 100 * n.boot(s));
        for (int k = 0; k < kSamples; ++k)
            run.extraction.addNumbers(op, k + 1, bootLevel * (1 + s.samplePct / 100 * n.normal(n.rng)));
        run.extraction.nextIteration();
    }
}

// One report: A1, B, A2 with kMetrics metrics of `iterations` boots each.
CallFamily report(const Scenario& s, Noise& n, double shiftPct, int iterations) {
    std::vector<MetricInput> inputs;
    for (int m = 0; m < kMetrics; ++m) {
        // each metric its own runs: its boots' noise independent of the other metrics'
        std::string op = "metric-" + std::to_string(m);
        RunSummary x1, xb, x2;
        x1.preferHigher = true;
        addRun(x1, op, 100, s, iterations, n);
        addRun(xb, op, 100 * (1 + shiftPct / 100), s, iterations, n);
        addRun(x2, op, 100, s, iterations, n);
        if (std::optional<MetricInput> in = abaInput(x1, xb, x2, op)) inputs.push_back(*in);
    }
    return callFamily(inputs, CallSettings{}, 2);
}

bool isCall(Call c) { return c == Call::Regression || c == Call::Improvement; }

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    int reports = argc > 1 ? std::atoi(argv[1]) : 1000;
    unsigned long seed = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 18;
    if (reports <= 0) {
        std::fprintf(stderr, "verdict-calibration: REPORTS must be a positive number\n");
        return 2;
    }
    const Scenario scenarios[] = {
        {"same kernel, boot 3%, samples 0.5%, 5 iter", 0, 3, 0.5, 5, false},
        {"same kernel, boot 3%, samples 0.5%, 3 iter", 0, 3, 0.5, 3, false},
        {"same kernel, heavy-tailed boot 3%, 5 iter", 0, 3, 0.5, 5, true},
        {"same kernel, boot 1%, samples 5%, 5 iter", 0, 1, 5, 5, false},
        {"-5% shift, boot 1%, samples 0.5%, 5 iter", -5, 1, 0.5, 5, false},
        {"-5% shift, heavy-tailed boot 1%, 5 iter", -5, 1, 0.5, 5, true},
        {"-3% shift, boot 8%, samples 0.5%, 3 iter", -3, 8, 0.5, 3, false},
        {"-13% shift, boot 3%, samples 0.5%, 3 iter", -13, 3, 0.5, 3, false},
    };
    Noise n{std::mt19937_64(seed)};
    std::printf("%d reports of %d metrics each, A/B/A, %d samples per iteration, default threshold +-%.0f%%, "
                "family alpha %.2f\n",
                reports, kMetrics, kSamples, kDefaultThresholdPct, kFamilyAlpha);
    std::printf("%-44s %8s %6s %7s %8s %7s %9s %9s\n", "scenario", "fwer-reg", "fwer", "detect", "nochange", "incon",
                "at-mde", "resolved");
    for (const Scenario& s : scenarios) {
        int anyCall = 0, anyRegression = 0;
        long called = 0, noChange = 0, inconclusive = 0, metrics = 0, resolved = 0, tried = 0;
        std::vector<double> mdes;
        for (int r = 0; r < reports; ++r) {
            CallFamily f = report(s, n, s.shiftPct, s.iterations);
            bool any = false, regression = false;
            for (const MetricCall& m : f.rows) {
                ++metrics;
                if (isCall(m.call)) any = true;
                if (m.call == Call::Regression) regression = true;
                if (s.shiftPct != 0 && m.call == (s.shiftPct < 0 ? Call::Regression : Call::Improvement)) ++called;
                if (m.call == Call::NoChange) ++noChange;
                if (m.call == Call::Inconclusive) {
                    ++inconclusive;
                    if (std::isfinite(m.detectablePct)) mdes.push_back(m.detectablePct);
                }
            }
            if (any) ++anyCall;
            if (regression) ++anyRegression;
            // Rerun one inconclusive metric's report with the iterations it asked for (a sample of them: costly).
            if (r % 10 == 0)
                for (const MetricCall& m : f.rows)
                    if (m.call == Call::Inconclusive && m.iterationsNeeded && *m.iterationsNeeded <= 200) {
                        ++tried;
                        CallFamily again = report(s, n, s.shiftPct, static_cast<int>(*m.iterationsNeeded));
                        if (again.rows.front().call != Call::Inconclusive) ++resolved;
                        break;
                    }
        }
        // Detection at the median detectable change this design reported.
        double mde = median(mdes);
        long atMde = 0, atMdeMetrics = 0;
        if (mde > 0)
            for (int r = 0; r < reports / 4; ++r)
                for (const MetricCall& m : report(s, n, -mde, s.iterations).rows) {
                    ++atMdeMetrics;
                    if (m.call == Call::Regression) ++atMde;
                }
        auto pct = [](long a, long b) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * static_cast<double>(a) / static_cast<double>(b));
            return b == 0 ? std::string("-") : std::string(buf);
        };
        std::string detect = s.shiftPct == 0 ? "-" : pct(called, metrics);
        std::string atMdeText = mde > 0 ? pct(atMde, atMdeMetrics) + "@" + std::to_string(static_cast<int>(mde + 0.5)) : "-";
        std::printf("%-44s %7.1f%% %5.1f%% %7s %8s %7s %9s %9s\n", s.name, 100.0 * anyRegression / reports,
                    100.0 * anyCall / reports, detect.c_str(),
                    s.shiftPct == 0 ? "-" : pct(noChange, metrics).c_str(), pct(inconclusive, metrics).c_str(),
                    atMdeText.c_str(), pct(resolved, tried).c_str());
    }
    return 0;
}
