#include "bench/verdict-calibration/scenarios.hpp"

#include <string>

namespace mmtp::compare::calibration {

namespace {

std::string statWord(UnitStat stat) {
    return stat == UnitStat::TrimmedMean ? "trimmed" : stat == UnitStat::Median ? "median" : "mean";
}

}  // namespace

std::vector<Scenario> reportScenarios() {
    std::vector<Scenario> out;
    Scenario hiccups;  // the A/B/A: 5 boots of 7 samples, 1 % boot noise, rare slow samples, threshold 3
    hiccups.hiccupRate = 0.02;
    hiccups.thresholdPct = 3;
    hiccups.metrics = 3;
    for (UnitStat stat : {UnitStat::TrimmedMean, UnitStat::Median, UnitStat::Mean}) {
        Scenario s = hiccups;
        s.stat = stat;
        s.name = "aba same, 1/50 at 1.5x, thr 3, 3 metrics, " + statWord(stat);
        out.push_back(s);
        s.shiftPct = -5;
        s.name = "aba -5%, 1/50 at 1.5x, thr 3, 3 metrics, " + statWord(stat);
        out.push_back(s);
    }
    for (UnitStat stat : {UnitStat::TrimmedMean, UnitStat::Median, UnitStat::Mean}) {
        Scenario s;  // clean Gaussian data: what robustness costs in power
        s.stat = stat;
        s.shiftPct = -2;
        s.samplePct = 3;
        s.name = "aba -2%, clean Gaussian, samples 3%, " + statWord(stat);
        out.push_back(s);
    }
    Scenario many = hiccups;
    many.metrics = 20;
    many.name = "aba same, 1/50 at 1.5x, thr 3, 20 metrics, trimmed";
    out.push_back(many);
    many.shiftPct = -5;
    many.name = "aba -5%, 1/50 at 1.5x, thr 3, 20 metrics, trimmed";
    out.push_back(many);
    Scenario wide;
    wide.name = "aba -3%, boot 8%, 3 boots";
    wide.shiftPct = -3;
    wide.bootPct = 8;
    wide.boots = 3;
    out.push_back(wide);
    Scenario offsets;  // MMTests' layout: iterations in one boot, a per-run offset 3x the boot noise
    offsets.recorded = false;
    offsets.runOffsetPct = 3;
    offsets.layout = Layout::FirstThree;
    offsets.name = "3 runs same, each vs first, run offset 3%, one boot each";
    out.push_back(offsets);
    offsets.layout = Layout::BaselinesThree;
    offsets.name = "3 runs same, baselines, run offset 3%, one boot each";
    out.push_back(offsets);
    offsets.layout = Layout::FirstThree;
    offsets.iterationsAreBoots = true;
    offsets.name = "  the same with --iterations-are-boots (the old engine)";
    out.push_back(offsets);
    Scenario drift;
    drift.a2DriftPct = 3;
    drift.shiftPct = 0;
    drift.name = "aba A2 drifts 3%, B = A1, boot 1%";
    out.push_back(drift);
    Scenario noisyB;
    noisyB.bNoise = 4;
    noisyB.bootPct = 1;
    noisyB.name = "aba same, B's boots 4x noisier";
    out.push_back(noisyB);
    Scenario unequal;
    unequal.bBoots = 3;
    unequal.boots = 6;
    unequal.name = "aba same, A 6 boots, B 3 boots";
    out.push_back(unequal);
    Scenario twoB;
    twoB.layout = Layout::AbaTwoB;
    twoB.name = "aba same, two B runs in one report (40 rows)";
    out.push_back(twoB);
    Scenario twoBench;
    twoBench.layout = Layout::Aba2Benches;
    twoBench.name = "aba same, two benchmarks in one report (40 rows)";
    out.push_back(twoBench);
    Scenario heavy;
    heavy.shiftPct = 0;
    heavy.bootPct = 3;
    heavy.samplePct = 0.5;
    heavy.boots = 3;
    heavy.name = "aba same, boot 3%, 3 boots";
    out.push_back(heavy);
    return out;
}

}  // namespace mmtp::compare::calibration
