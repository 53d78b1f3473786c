#include "bench/verdict-calibration/bisect.hpp"

#include "stats/bisect_position.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace mmtp::compare::calibration {

namespace {

constexpr int kCommits = 8;  // 0 known good, 8 known bad

// The commits under test: from the first bad one on, effectPct off; every
// run noisePct apart (the run is the unit: one boot each).
struct CommitModel {
    double effectPct = 0, noisePct = 0;
    Scenario samples;  // each run's samples: their number, noise and hiccups
};

// The units of `runs` runs of a good or bad commit.
std::vector<double> commitUnits(Noise& n, const CommitModel& m, bool bad, int runs, double driftPct = 0) {
    std::vector<double> units;
    for (int r = 0; r < runs; ++r) {
        double level = 100 * (bad ? 1 + m.effectPct / 100 : 1) * (1 + driftPct / 100) *
                       (1 + m.noisePct / 100 * n.normal(n.rng));
        units.push_back(unitAround(n, level, m.samples));
    }
    return units;
}

struct References {
    std::vector<double> good, bad;
};

// git bisect's answer for one candidate: 0 good, 1 bad, 125 skip. The step
// script reruns the candidate while the report says 125 and asks for more,
// up to maxRuns (README's recipe).
int bisectStep(Noise& n, const CommitModel& m, const References& refs, bool bad, const BisectPlan& plan,
               int& runsSpent) {
    std::vector<double> cand = commitUnits(n, m, bad, plan.startRuns, plan.candidateDriftPct);
    // The anchor: the good commit rerun beside the candidate, interleaved (the same drift)
    std::vector<double> anchor = commitUnits(n, m, false, plan.anchorRuns, plan.candidateDriftPct);
    runsSpent += plan.startRuns + plan.anchorRuns;
    for (;;) {
        BisectPosition p = placeCandidate({"op", refs.good, refs.bad, cand, anchor}, 1 - kBisectAlpha);
        if (p.side == BisectSide::Good) return 0;
        if (p.side == BisectSide::Bad) return 1;
        if (p.anchorMoved || p.referencesAgree || static_cast<int>(cand.size()) >= plan.maxRuns) return 125;
        cand.push_back(commitUnits(n, m, bad, 1, plan.candidateDriftPct).front());
        ++runsSpent;
        if (plan.anchorRuns > 0) {  // interleaved: one anchor run beside each candidate run
            anchor.push_back(commitUnits(n, m, false, 1, plan.candidateDriftPct).front());
            ++runsSpent;
        }
    }
}

bool wasSkipped(const std::vector<int>& skipped, int commit) {
    return std::find(skipped.begin(), skipped.end(), commit) != skipped.end();
}

// git bisect's next candidate: the midpoint of the range still in doubt
// (lo good, hi bad), else its nearest neighbour not skipped; -1 when only
// skipped commits are left.
int nextCandidate(int lo, int hi, const std::vector<int>& skipped) {
    for (int off = 0; off < hi - lo; ++off)
        for (int c : {(lo + hi) / 2 - off, (lo + hi) / 2 + off})
            if (c > lo && c < hi && !wasSkipped(skipped, c)) return c;
    return -1;
}

// The first bad commit git bisect names, or -1 ("could be any of").
int simulateBisect(Noise& n, const CommitModel& m, const BisectPlan& plan, int firstBad, int& runsSpent, int& steps) {
    References refs;
    refs.good = commitUnits(n, m, false, plan.referenceRuns);
    refs.bad = commitUnits(n, m, true, plan.referenceRuns);
    runsSpent += 2 * plan.referenceRuns;
    int lo = 0, hi = kCommits;
    std::vector<int> skipped;
    while (hi - lo > 1) {
        const int pick = nextCandidate(lo, hi, skipped);
        if (pick < 0) return -1;
        const int rc = bisectStep(n, m, refs, pick >= firstBad, plan, runsSpent);
        ++steps;
        if (rc == 0) lo = pick;
        else if (rc == 1) hi = pick;
        else skipped.push_back(pick);
    }
    return hi;
}

}  // namespace

void printBisectHeader(int simulations, const BisectPlan& plan) {
    std::printf(
        "git bisect run over %d commits (0 good, %d bad), %d bisections a row; a run is one unit (7 samples at 2%%, "
        "1/50 a 1.5x hiccup) with run-to-run noise as the row says; each step runs the candidate %d times (and the "
        "anchor as often, interleaved), then once more each while the answer is 125, up to %d\n"
        "effect noise refs anchor drift   right  wrong  undec  steps  runs/step  runs\n",
        kCommits, kCommits, simulations, plan.startRuns, plan.maxRuns);
}

void printBisect(Noise& n, int simulations, double effectPct, double noisePct, const BisectPlan& plan) {
    CommitModel m;
    m.effectPct = effectPct;
    m.noisePct = noisePct;
    m.samples.samples = 7;
    m.samples.samplePct = 2;
    m.samples.hiccupRate = 0.02;
    int right = 0, undecided = 0, wrong = 0, runs = 0, steps = 0, referenceRuns = 0;
    for (int i = 0; i < simulations; ++i) {
        int firstBad = 1 + static_cast<int>(n.uniform(n.rng) * kCommits);
        if (firstBad > kCommits) firstBad = kCommits;
        int found = simulateBisect(n, m, plan, firstBad, runs, steps);
        referenceRuns += 2 * plan.referenceRuns;
        right += found == firstBad;
        undecided += found < 0;
        wrong += found >= 0 && found != firstBad;
    }
    const double perStep = steps > 0 ? static_cast<double>(runs - referenceRuns) / steps : 0;
    std::printf("%+4.0f%% %3.0f%% %4d+%-3d %5s %7s  %5.1f%% %5.1f%% %5.1f%%  %5.1f  %5.1f  %6.1f\n", effectPct, noisePct,
                plan.referenceRuns, plan.referenceRuns, plan.anchorRuns > 0 ? "yes" : "no",
                plan.candidateDriftPct != 0 ? ("+" + std::to_string(static_cast<int>(plan.candidateDriftPct)) + "%").c_str()
                                            : "-",
                100.0 * right / simulations, 100.0 * wrong / simulations, 100.0 * undecided / simulations,
                static_cast<double>(steps) / simulations, perStep, static_cast<double>(runs) / simulations);
}

}  // namespace mmtp::compare::calibration
