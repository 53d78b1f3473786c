#include "bench/verdict-calibration/report_simulation.hpp"

#include "stats/summary.hpp"
#include "stats/unit_inference.hpp"
#include "tables/verdict.hpp"

#include <string>

namespace mmtp::compare::calibration {

namespace {

// One run of one metric at `level` (already shifted and offset).
RunSummary makeRun(const Scenario& s, Noise& n, const std::string& op, double level, int boots, double bootPct) {
    RunSummary run;
    run.preferHigher = true;
    double shared = level * (1 + s.runOffsetPct / 100 * n.normal(n.rng));
    double oneBoot = shared * (1 + bootPct / 100 * n.normal(n.rng));
    for (int it = 0; it < boots; ++it) {
        double bootLevel = s.recorded ? shared * (1 + bootPct / 100 * n.normal(n.rng)) : oneBoot;
        for (int k = 0; k < s.samples; ++k) run.extraction.addNumbers(op, k + 1, drawSample(n, bootLevel, s));
        run.extraction.nextIteration();
        run.iterationBoots.push_back(s.recorded ? "boot-" + std::to_string(++n.bootSerial) : "");
    }
    return run;
}

struct Comparison {
    std::vector<MetricInput> inputs;
    std::size_t baseRuns = 1;
};

// The runs' levels and boots in one report: A1 at 100, A2 drifted, B shifted.
struct RunLevels {
    double a2 = 100, b = 100;
    int boots = 0, bBoots = 0;
    double bBootPct = 0;
};

RunLevels levelsOf(const Scenario& s, double shiftPct, int boots) {
    RunLevels l;
    l.b = 100 * (1 + shiftPct / 100);
    l.a2 = 100 * (1 + s.a2DriftPct / 100);
    l.boots = boots;
    l.bBoots = s.bBoots > 0 ? s.bBoots : boots;
    l.bBootPct = s.bootPct * s.bNoise;
    return l;
}

UnitRules rulesOf(const Scenario& s) {
    UnitRules r;
    r.stat = s.stat;
    r.iterationsAreBoots = s.iterationsAreBoots;
    return r;
}

std::string metricName(int m) { return "metric-" + std::to_string(m); }

// A/B/A: per benchmark and metric, A1 and A2, then `compared` B runs, each
// one comparison against A1 and A2 together (per metric: independent noise).
std::vector<Comparison> abaComparisons(const Scenario& s, Noise& n, const RunLevels& l, std::size_t benches,
                                       std::size_t compared) {
    const UnitRules rules = rulesOf(s);
    std::vector<Comparison> out(benches * compared, Comparison{{}, 2});
    for (std::size_t bench = 0; bench < benches; ++bench)
        for (int m = 0; m < s.metrics; ++m) {
            const std::string op = metricName(m);
            RunSummary x1 = makeRun(s, n, op, 100, l.boots, s.bootPct);
            RunSummary x2 = makeRun(s, n, op, l.a2, l.boots, s.bootPct);
            for (std::size_t c = 0; c < compared; ++c) {
                RunSummary xb = makeRun(s, n, op, l.b, l.bBoots, l.bBootPct);
                if (auto in = replicatedInput({&x1, &x2}, {&xb}, op, rules))
                    out[bench * compared + c].inputs.push_back(*in);
            }
        }
    return out;
}

// Three runs: per metric the first, then two later runs each against it.
std::vector<Comparison> againstFirstComparisons(const Scenario& s, Noise& n, const RunLevels& l) {
    const UnitRules rules = rulesOf(s);
    std::vector<Comparison> out(2, Comparison{{}, 1});
    for (int m = 0; m < s.metrics; ++m) {
        const std::string op = metricName(m);
        RunSummary first = makeRun(s, n, op, 100, l.boots, s.bootPct);
        for (Comparison& c : out) {
            RunSummary later = makeRun(s, n, op, l.b, l.bBoots, l.bBootPct);
            if (auto in = pairInput(first, later, op, rules)) c.inputs.push_back(*in);
        }
    }
    return out;
}

// The comparisons of one report.
std::vector<Comparison> simulateComparisons(const Scenario& s, Noise& n, double shiftPct, int boots) {
    const RunLevels l = levelsOf(s, shiftPct, boots);
    switch (s.layout) {
        case Layout::Aba: return abaComparisons(s, n, l, 1, 1);
        case Layout::AbaTwoB: return abaComparisons(s, n, l, 1, 2);
        case Layout::Aba2Benches: return abaComparisons(s, n, l, 2, 1);
        case Layout::FirstThree:
        case Layout::BaselinesThree: return againstFirstComparisons(s, n, l);
    }
    return {};
}

// The two-baseline table's call: the run's 95 % interval against the first
// excludes zero, or it is inconclusive (no family).
MetricCall intervalCall(const MetricInput& in) {
    MetricCall r;
    r.change = estimateChange(in.base, in.now, 0.95);
    const bool excludes = r.change.hasInterval() && (r.change.lowPct > 0 || r.change.highPct < 0);
    r.call = !excludes ? Call::Inconclusive : r.change.changePct > 0 ? Call::Improvement : Call::Regression;
    return r;
}

std::vector<CallFamily> intervalFamilies(const std::vector<Comparison>& comparisons) {
    std::vector<CallFamily> families;
    for (const Comparison& c : comparisons) {
        CallFamily f;
        for (const MetricInput& in : c.inputs) f.rows.push_back(intervalCall(in));
        families.push_back(f);
    }
    return families;
}

// familyLevels with `copies` functions of each metric in the family: each
// copy's p-value is its metric's (a function of it tests the same change).
std::vector<std::vector<double>> stepUpCopies(const std::vector<const std::vector<MetricInput>*>& all, double alpha,
                                            int copies) {
    if (copies == 0) return familyLevels(all, alpha);
    std::vector<double> p;
    for (const auto* c : all)
        for (const MetricInput& m : *c)
            for (int k = 0; k <= copies; ++k) p.push_back(callPValue(m));
    const std::vector<double> levels = stepUpLevels(p, alpha);
    std::vector<std::vector<double>> out;
    std::size_t at = 0;
    for (const auto* c : all) {
        out.emplace_back();
        for (std::size_t m = 0; m < c->size(); ++m, at += static_cast<std::size_t>(copies) + 1)
            out.back().push_back(levels[at]);
    }
    return out;
}

}  // namespace

std::vector<CallFamily> simulateReport(const Scenario& s, Noise& n, double shiftPct, int boots) {
    const std::vector<Comparison> comparisons = simulateComparisons(s, n, shiftPct, boots);
    if (s.layout == Layout::BaselinesThree) return intervalFamilies(comparisons);
    CallSettings settings;
    settings.thresholdPct = s.thresholdPct;
    // One family over all the report's comparisons (what --bisect combines).
    std::size_t tested = 0;
    for (const Comparison& c : comparisons) tested += testedCount(c.inputs);
    tested *= static_cast<std::size_t>(1 + s.familyCopies);
    // Hochberg's step-up over the report, as compare-kernels' settleFamilies;
    // copies (familyCopies) enlarge the family, each with its metric's p-value.
    std::vector<const std::vector<MetricInput>*> all;
    for (const Comparison& c : comparisons) all.push_back(&c.inputs);
    std::vector<std::vector<double>> levels = stepUpCopies(all, settings.alpha, s.familyCopies);
    std::vector<CallFamily> families;
    for (std::size_t i = 0; i < comparisons.size(); ++i)
        families.push_back(callFamily(comparisons[i].inputs, settings, comparisons[i].baseRuns, tested, &levels[i]));
    return families;
}

}  // namespace mmtp::compare::calibration
