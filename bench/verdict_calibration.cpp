// verdict-calibration: the verdict engine on synthetic reports with a known
// truth, through the same code path as compare-kernels (samples into an
// Extraction per run and iteration, boot ids per iteration, replicatedInput,
// one callFamily per comparison over the whole report's family). The data
// look like real data: within-boot hiccups, per-run offsets (what a boot
// shares), a drifting A2, a noisier B, unequal boot counts, several
// benchmarks and compared runs per report. Per scenario over REPORTS reports
// of 20 metrics:
//   fwer-reg  reports with any metric called a regression
//   fwer      reports with any metric called regression or improvement
//   detect    metrics called in the shift's direction
//   nochange  metrics claimed "no change"
//   small     metrics called a significant change smaller than the threshold
//   incon     metrics inconclusive
//   resolved  inconclusive metrics a rerun with the units asked for settles
// The fwer columns of shifted rows are not false alarms. Then a simulated
// git bisect run over 8 commits with the references (--good/--bad), and
// mitigation-matrix --until-decided's repeated looks (sequentialRows).
// Not a timed test: a calibration table (docs/verdicts.md).
//   build/bin/verdict-calibration [REPORTS] [SEED]
#include "base/alpha_spending.hpp"
#include "stats/boot_units.hpp"
#include "tables/bisect_position.hpp"
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

constexpr int kMetrics = 20;  // per comparison, unless a scenario says otherwise

enum class Layout {
    Aba,           // A1, B, A2
    AbaTwoB,       // A1, B1, B2, A2: two compared runs in one report
    Aba2Benches,   // A/B/A over two benchmarks of 20 metrics each
    FirstThree,    // three runs, each against the first
    BaselinesThree // three runs, the two-baseline table's interval against the first
};

struct Scenario {
    std::string name;
    Layout layout = Layout::Aba;
    double shiftPct = 0;        // B's true change (higher is better: negative is a regression)
    double bootPct = 1;         // between-boot noise, sd in %
    double samplePct = 1;       // within-boot noise, sd in %
    int boots = 5;              // per run: boots recorded (one per iteration), or iterations in one boot
    int samples = 7;            // per iteration
    bool recorded = true;       // each iteration its own recorded boot; false: all in one unrecorded boot
    double runOffsetPct = 0;    // per-run offset, sd in %: what a boot (or run) shares
    double hiccupRate = 0;      // a sample 1/hiccupFactor as fast, with this probability
    double hiccupFactor = 1.5;
    double a2DriftPct = 0;      // A2's level against A1's
    double bNoise = 1;          // B's boot noise multiplier
    int bBoots = 0;             // B's boots (0: as boots)
    double thresholdPct = kDefaultThresholdPct;
    UnitStat stat = defaultUnitStat();
    bool iterationsAreBoots = false;  // --iterations-are-boots (the old engine's assumption)
    int metrics = kMetrics;           // per comparison: 3 is README's --metric 'ZPOPMIN|GET|time'
};

struct Noise {
    std::mt19937_64 rng;
    std::normal_distribution<double> normal{0, 1};
    std::uniform_real_distribution<double> uniform{0, 1};
    int bootSerial = 0;
};

// One sample around level: the scenario's sample noise, and now and then a hiccup.
double drawSample(Noise& n, double level, const Scenario& s) {
    double v = level * (1 + s.samplePct / 100 * n.normal(n.rng));
    if (n.uniform(n.rng) < s.hiccupRate) v /= s.hiccupFactor;
    return v;
}

// One unit: the scenario's samples around level, summarised by its statistic.
double unitAround(Noise& n, double level, const Scenario& s) {
    std::vector<double> samples;
    for (int k = 0; k < s.samples; ++k) samples.push_back(drawSample(n, level, s));
    return summariseUnit(samples, s.stat);
}

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

UnitRules rulesOf(const Scenario& s) {
    UnitRules r;
    r.stat = s.stat;
    r.iterationsAreBoots = s.iterationsAreBoots;
    return r;
}

// The comparisons of one report (per metric: its own runs, independent noise).
std::vector<Comparison> simulate(const Scenario& s, Noise& n, double shiftPct, int boots) {
    const UnitRules rules = rulesOf(s);
    const double shifted = 100 * (1 + shiftPct / 100), a2 = 100 * (1 + s.a2DriftPct / 100);
    const int bBoots = s.bBoots > 0 ? s.bBoots : boots;
    const double bBootPct = s.bootPct * s.bNoise;
    std::vector<Comparison> out;
    auto runs = [&](int benches, int compared) {
        out.assign(static_cast<std::size_t>(benches * compared), Comparison{{}, 2});
        for (int bench = 0; bench < benches; ++bench)
            for (int m = 0; m < s.metrics; ++m) {
                std::string op = "metric-" + std::to_string(m);
                RunSummary x1 = makeRun(s, n, op, 100, boots, s.bootPct);
                RunSummary x2 = makeRun(s, n, op, a2, boots, s.bootPct);
                for (int c = 0; c < compared; ++c) {
                    RunSummary xb = makeRun(s, n, op, shifted, bBoots, bBootPct);
                    if (auto in = replicatedInput({&x1, &x2}, {&xb}, op, rules))
                        out[static_cast<std::size_t>(bench * compared + c)].inputs.push_back(*in);
                }
            }
    };
    switch (s.layout) {
        case Layout::Aba: runs(1, 1); break;
        case Layout::AbaTwoB: runs(1, 2); break;
        case Layout::Aba2Benches: runs(2, 1); break;
        case Layout::FirstThree:
        case Layout::BaselinesThree: {
            out.assign(2, Comparison{{}, 1});
            for (int m = 0; m < s.metrics; ++m) {
                std::string op = "metric-" + std::to_string(m);
                RunSummary first = makeRun(s, n, op, 100, boots, s.bootPct);
                for (int c = 0; c < 2; ++c) {
                    RunSummary later = makeRun(s, n, op, shifted, bBoots, bBootPct);
                    if (auto in = pairInput(first, later, op, rules)) out[static_cast<std::size_t>(c)].inputs.push_back(*in);
                }
            }
            break;
        }
    }
    return out;
}

// The calls of one report: one family over all its comparisons (what --bisect combines).
std::vector<CallFamily> report(const Scenario& s, Noise& n, double shiftPct, int boots) {
    std::vector<Comparison> comparisons = simulate(s, n, shiftPct, boots);
    CallSettings settings;
    settings.thresholdPct = s.thresholdPct;
    std::vector<CallFamily> families;
    if (s.layout == Layout::BaselinesThree) {
        // the two-baseline table: each run's 95 % interval against the first, no family
        for (const Comparison& c : comparisons) {
            CallFamily f;
            for (const MetricInput& in : c.inputs) {
                MetricCall r;
                r.change = estimateChange(in.base, in.now, 0.95);
                bool excludes = r.change.hasInterval() && (r.change.lowPct > 0 || r.change.highPct < 0);
                r.call = !excludes ? Call::Inconclusive : r.change.changePct > 0 ? Call::Improvement : Call::Regression;
                f.rows.push_back(r);
            }
            families.push_back(f);
        }
        return families;
    }
    std::size_t tested = 0;
    for (const Comparison& c : comparisons) tested += testedCount(c.inputs);
    for (const Comparison& c : comparisons) families.push_back(callFamily(c.inputs, settings, c.baseRuns, tested));
    return families;
}

struct Tally {
    long reports = 0, anyCall = 0, anyRegression = 0;
    long metrics = 0, called = 0, noChange = 0, small = 0, inconclusive = 0, resolved = 0, tried = 0;
};

void countReport(const Scenario& s, const std::vector<CallFamily>& families, Tally& t) {
    bool any = false, regression = false;
    for (const CallFamily& f : families)
        for (const MetricCall& m : f.rows) {
            ++t.metrics;
            any = any || isCall(m.call);
            regression = regression || m.call == Call::Regression;
            if (s.shiftPct != 0 && m.call == (s.shiftPct < 0 ? Call::Regression : Call::Improvement)) ++t.called;
            t.noChange += m.call == Call::NoChange;
            t.small += m.call == Call::Small;
            t.inconclusive += m.call == Call::Inconclusive;
        }
    ++t.reports;
    t.anyCall += any;
    t.anyRegression += regression;
}

// Rerun one inconclusive metric's report with the units it asked for.
void tryRerun(const Scenario& s, Noise& n, const std::vector<CallFamily>& families, Tally& t) {
    for (const CallFamily& f : families)
        for (const MetricCall& m : f.rows)
            if (m.call == Call::Inconclusive && m.unitsNeeded && *m.unitsNeeded <= 100) {
                ++t.tried;
                std::vector<CallFamily> again = report(s, n, s.shiftPct, static_cast<int>(*m.unitsNeeded));
                t.resolved += again.front().rows.front().call != Call::Inconclusive;
                return;
            }
}

std::string pct(long a, long b) {
    if (b == 0) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * static_cast<double>(a) / static_cast<double>(b));
    return buf;
}

void runScenario(const Scenario& s, Noise& n, int reports) {
    Tally t;
    for (int r = 0; r < reports; ++r) {
        std::vector<CallFamily> families = report(s, n, s.shiftPct, s.boots);
        countReport(s, families, t);
        if (r % 10 == 0) tryRerun(s, n, families, t);
    }
    std::printf("%-62s %8s %6s %7s %8s %6s %7s %8s\n", s.name.c_str(), pct(t.anyRegression, t.reports).c_str(),
                pct(t.anyCall, t.reports).c_str(), s.shiftPct == 0 ? "-" : pct(t.called, t.metrics).c_str(),
                pct(t.noChange, t.metrics).c_str(), pct(t.small, t.metrics).c_str(),
                pct(t.inconclusive, t.metrics).c_str(), pct(t.resolved, t.tried).c_str());
}

// --- git bisect run with references ------------------------------------

// One commit's units: `runs` runs in one boot each (the run is the unit),
// the effect applied from the first bad commit on.
std::vector<double> commitUnits(Noise& n, bool bad, int runs, double effectPct, double noisePct, const Scenario& s) {
    std::vector<double> units;
    for (int r = 0; r < runs; ++r) {
        double level = 100 * (bad ? 1 + effectPct / 100 : 1) * (1 + noisePct / 100 * n.normal(n.rng));
        units.push_back(unitAround(n, level, s));
    }
    return units;
}

// git bisect's answer for one candidate: 0 good, 1 bad, 125 skip. The step
// script reruns the candidate while the report says 125 and asks for more,
// up to maxRuns (README's recipe).
int bisectStep(Noise& n, bool bad, const std::vector<double>& good, const std::vector<double>& badRef,
               double effectPct, double noisePct, const Scenario& s, int startRuns, int maxRuns, int& runsSpent) {
    std::vector<double> cand = commitUnits(n, bad, startRuns, effectPct, noisePct, s);
    runsSpent += startRuns;
    for (;;) {
        BisectPosition p = placeCandidate({"op", good, badRef, cand}, 1 - kBisectAlpha);
        if (p.side == BisectSide::Good) return 0;
        if (p.side == BisectSide::Bad) return 1;
        if (static_cast<int>(cand.size()) >= maxRuns) return 125;
        std::vector<double> more = commitUnits(n, bad, 1, effectPct, noisePct, s);
        cand.push_back(more.front());
        ++runsSpent;
    }
}

// git bisect over commits 1..8 (0 known good, 8 known bad) with skips: the
// midpoint of the range still in doubt, skipping to its neighbours.
struct BisectPlan {
    int referenceRuns = 10;           // of each reference
    int startRuns = 4, maxRuns = 30;  // of a candidate
};

int simulateBisect(Noise& n, int firstBad, double effectPct, double noisePct, const Scenario& s,
                   const BisectPlan& plan, int& runsSpent) {
    std::vector<double> good = commitUnits(n, false, plan.referenceRuns, effectPct, noisePct, s);
    std::vector<double> badRef = commitUnits(n, true, plan.referenceRuns, effectPct, noisePct, s);
    runsSpent += 2 * plan.referenceRuns;
    int lo = 0, hi = 8;  // lo good, hi bad
    std::vector<int> skipped;
    while (hi - lo > 1) {
        int pick = -1;
        for (int off = 0; off < hi - lo && pick < 0; ++off)
            for (int c : {(lo + hi) / 2 - off, (lo + hi) / 2 + off})
                if (c > lo && c < hi && std::find(skipped.begin(), skipped.end(), c) == skipped.end()) {
                    pick = c;
                    break;
                }
        if (pick < 0) return -1;  // "could be any of": only skipped commits left
        int rc = bisectStep(n, pick >= firstBad, good, badRef, effectPct, noisePct, s, plan.startRuns, plan.maxRuns,
                            runsSpent);
        if (rc == 0) lo = pick;
        else if (rc == 1) hi = pick;
        else skipped.push_back(pick);
    }
    return hi;
}

void runBisect(Noise& n, int simulations, double effectPct, double noisePct, const BisectPlan& plan) {
    Scenario s;
    s.samples = 7;
    s.samplePct = 2;
    s.hiccupRate = 0.02;
    int right = 0, undecided = 0, runs = 0;
    for (int i = 0; i < simulations; ++i) {
        int firstBad = 1 + static_cast<int>(n.uniform(n.rng) * 8);
        if (firstBad > 8) firstBad = 8;
        int found = simulateBisect(n, firstBad, effectPct, noisePct, s, plan, runs);
        right += found == firstBad;
        undecided += found < 0;
    }
    std::printf("git bisect run, 8 commits, %+.0f%% effect, %.0f%% run noise, references %d+%d runs, a candidate %d-%d "
                "runs: right first bad commit %d of %d, undecided %d, %.1f runs per bisection\n",
                effectPct, noisePct, plan.referenceRuns, plan.referenceRuns, plan.startRuns, plan.maxRuns, right,
                simulations, undecided, static_cast<double>(runs) / simulations);
}

// --- mitigation-matrix --until-decided: repeated looks -------------------

// Two rows (A, the first, and B), one boot each per round, interleaved;
// after each round from the second on, the engine looks at the rows' units
// (each boot's samples by the trimmed mean) and the schedule stops when no
// metric is inconclusive or after lastRound rounds (the budget). Each look
// at its O'Brien-Fleming share of alpha, as the matrix does, or (naive) at
// the whole alpha every time: what spending buys.
struct SequentialScenario {
    std::string name;
    double shiftPct = 0, bootPct = 1;
    int metrics = 3, lastRound = 10;
    bool spend = true;
};

struct SequentialTally {
    long runs = 0, anyCall = 0, wrongNoChange = 0, decided = 0, early = 0, rightCall = 0, rounds = 0;
};

std::vector<double> bootUnit(Noise& n, const Scenario& s, double level, int metrics) {
    std::vector<double> unit;
    for (int m = 0; m < metrics; ++m) {
        const double boot = level * (1 + s.bootPct / 100 * n.normal(n.rng));
        unit.push_back(unitAround(n, boot, s));
    }
    return unit;
}

void runSequential(const SequentialScenario& q, Noise& n, int simulations) {
    Scenario s;  // samples: 7 a boot at 1 %, one in 50 a 1.5x hiccup
    s.bootPct = q.bootPct;
    s.hiccupRate = 0.02;
    SequentialTally t;
    for (int sim = 0; sim < simulations; ++sim) {
        std::vector<std::vector<double>> a, b;  // per boot, per metric
        bool anyCall = false, wrongNoChange = false, decided = false, right = false;
        int round = 0;
        while (round < q.lastRound && !decided) {
            a.push_back(bootUnit(n, s, 100, q.metrics));
            b.push_back(bootUnit(n, s, 100 * (1 + q.shiftPct / 100), q.metrics));
            if (++round < 2) continue;
            std::vector<MetricInput> inputs;
            for (int m = 0; m < q.metrics; ++m) {
                MetricInput in{"metric-" + std::to_string(m), "", true, {}, {}, {}};
                for (int k = 0; k < round; ++k) {
                    in.base.push_back(a[static_cast<std::size_t>(k)][static_cast<std::size_t>(m)]);
                    in.now.push_back(b[static_cast<std::size_t>(k)][static_cast<std::size_t>(m)]);
                }
                inputs.push_back(in);
            }
            CallSettings settings;
            settings.alpha = q.spend ? mmtp::lookAlpha(round, 2, q.lastRound, kFamilyAlpha) : kFamilyAlpha;
            CallFamily f = callFamily(inputs, settings, 1);
            decided = f.count(Call::Inconclusive) == 0;
            for (const MetricCall& r : f.rows) {
                anyCall = anyCall || isCall(r.call);
                // "no change" claimed while B moved by the threshold or more
                wrongNoChange = wrongNoChange || (r.call == Call::NoChange && std::fabs(q.shiftPct) >= 5);
            }
            right = q.shiftPct != 0 && f.count(q.shiftPct < 0 ? Call::Regression : Call::Improvement) == f.rows.size();
        }
        ++t.runs;
        t.anyCall += anyCall;
        t.wrongNoChange += wrongNoChange;
        t.decided += decided;
        t.early += decided && round < q.lastRound;
        t.rightCall += decided && right;
        t.rounds += round;
    }
    std::printf("%-52s %8s %9s %8s %7s %8s %7.1f of %d\n", q.name.c_str(),
                q.shiftPct == 0 ? pct(t.anyCall, t.runs).c_str() : "-",
                std::fabs(q.shiftPct) >= 5 ? pct(t.wrongNoChange, t.runs).c_str() : "-", pct(t.decided, t.runs).c_str(),
                pct(t.early, t.runs).c_str(), q.shiftPct == 0 ? "-" : pct(t.rightCall, t.runs).c_str(),
                static_cast<double>(t.rounds) / static_cast<double>(t.runs), q.lastRound);
}

std::vector<SequentialScenario> sequentialRows() {
    std::vector<SequentialScenario> out;
    for (bool spend : {true, false})
        for (int metrics : {1, 3, 20}) {
            const std::string how = spend ? "" : ", naive (0.05 every look)";
            out.push_back({"null, boot 3%, " + std::to_string(metrics) + " metric" + (metrics > 1 ? "s" : "") + how, 0,
                           3, metrics, 10, spend});
        }
    out.push_back({"null, boot 0.5%", 0, 0.5, 3, 10, true});
    out.push_back({"-20%, boot 1%", -20, 1, 3, 10, true});
    out.push_back({"-10%, boot 3%", -10, 3, 3, 10, true});
    out.push_back({"-5%, boot 2% (at the threshold)", -5, 2, 3, 10, true});
    return out;
}

std::vector<Scenario> scenarios() {
    std::vector<Scenario> out;
    auto add = [&out](Scenario s) { out.push_back(s); };
    Scenario hiccups;  // the A/B/A: 5 boots of 7 samples, 1 % boot noise, rare slow samples, threshold 3
    hiccups.hiccupRate = 0.02;
    hiccups.thresholdPct = 3;
    hiccups.metrics = 3;
    auto statWord = [](UnitStat stat) {
        return std::string(stat == UnitStat::TrimmedMean ? "trimmed" : stat == UnitStat::Median ? "median" : "mean");
    };
    for (UnitStat stat : {UnitStat::TrimmedMean, UnitStat::Median, UnitStat::Mean}) {
        Scenario s = hiccups;
        s.stat = stat;
        s.name = "aba same, 1/50 at 1.5x, thr 3, 3 metrics, " + statWord(stat);
        add(s);
        s.shiftPct = -5;
        s.name = "aba -5%, 1/50 at 1.5x, thr 3, 3 metrics, " + statWord(stat);
        add(s);
    }
    for (UnitStat stat : {UnitStat::TrimmedMean, UnitStat::Median, UnitStat::Mean}) {
        Scenario s;  // clean Gaussian data: what robustness costs in power
        s.stat = stat;
        s.shiftPct = -2;
        s.samplePct = 3;
        s.name = "aba -2%, clean Gaussian, samples 3%, " + statWord(stat);
        add(s);
    }
    Scenario many = hiccups;
    many.metrics = 20;
    many.name = "aba same, 1/50 at 1.5x, thr 3, 20 metrics, trimmed";
    add(many);
    many.shiftPct = -5;
    many.name = "aba -5%, 1/50 at 1.5x, thr 3, 20 metrics, trimmed";
    add(many);
    Scenario wide;
    wide.name = "aba -3%, boot 8%, 3 boots";
    wide.shiftPct = -3;
    wide.bootPct = 8;
    wide.boots = 3;
    add(wide);
    Scenario offsets;  // MMTests' layout: iterations in one boot, a per-run offset 3x the boot noise
    offsets.recorded = false;
    offsets.runOffsetPct = 3;
    offsets.layout = Layout::FirstThree;
    offsets.name = "3 runs same, each vs first, run offset 3%, one boot each";
    add(offsets);
    offsets.layout = Layout::BaselinesThree;
    offsets.name = "3 runs same, baselines, run offset 3%, one boot each";
    add(offsets);
    offsets.layout = Layout::FirstThree;
    offsets.iterationsAreBoots = true;
    offsets.name = "  the same with --iterations-are-boots (the old engine)";
    add(offsets);
    Scenario drift;
    drift.a2DriftPct = 3;
    drift.shiftPct = 0;
    drift.name = "aba A2 drifts 3%, B = A1, boot 1%";
    add(drift);
    Scenario noisyB;
    noisyB.bNoise = 4;
    noisyB.bootPct = 1;
    noisyB.name = "aba same, B's boots 4x noisier";
    add(noisyB);
    Scenario unequal;
    unequal.bBoots = 3;
    unequal.boots = 6;
    unequal.name = "aba same, A 6 boots, B 3 boots";
    add(unequal);
    Scenario twoB;
    twoB.layout = Layout::AbaTwoB;
    twoB.name = "aba same, two B runs in one report (40 rows)";
    add(twoB);
    Scenario twoBench;
    twoBench.layout = Layout::Aba2Benches;
    twoBench.name = "aba same, two benchmarks in one report (40 rows)";
    add(twoBench);
    Scenario heavy;
    heavy.shiftPct = 0;
    heavy.bootPct = 3;
    heavy.samplePct = 0.5;
    heavy.boots = 3;
    heavy.name = "aba same, boot 3%, 3 boots";
    add(heavy);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    int reports = argc > 1 ? std::atoi(argv[1]) : 1000;
    unsigned long seed = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 18;
    if (reports <= 0) {
        std::fprintf(stderr, "verdict-calibration: REPORTS must be a positive number\n");
        return 2;
    }
    Noise n{std::mt19937_64(seed)};
    std::printf("%d reports of %d metrics per comparison; default: 5 boots of 7 samples per run, boot 1%%, samples 1%%, "
                "threshold +-5%%, family alpha %.2f over the report\n",
                reports, kMetrics, kFamilyAlpha);
    std::printf("%-62s %8s %6s %7s %8s %6s %7s %8s\n", "scenario", "fwer-reg", "fwer", "detect", "nochange", "small",
                "incon", "resolved");
    for (const Scenario& s : scenarios()) runScenario(s, n, reports);
    std::printf("\n");
    for (double noise : {3.0, 5.0}) runBisect(n, std::max(reports / 3, 10), 10, noise, BisectPlan{});
    const int schedules = 3 * reports;  // a rate near 5 % needs them: +-0.8 % at 900
    std::printf("\nmitigation-matrix --until-decided: rows A and B, a look after every round from 2 to 10 boots per "
                "row, %d schedules per row, 3 metrics unless a row says, threshold +-5%%, alpha %.2f over the looks "
                "and metrics\n",
                schedules, kFamilyAlpha);
    std::printf("%-52s %8s %9s %8s %7s %8s %s\n", "scenario", "any-call", "wrong-nc", "decided", "early", "right",
                "rounds (boots per row)");
    for (const SequentialScenario& q : sequentialRows()) runSequential(q, n, schedules);
    return 0;
}
