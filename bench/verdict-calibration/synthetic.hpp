// synthetic.hpp - verdict-calibration's synthetic data: what a scenario sets
// (noise, hiccups, boots, the report's layout) and the one random source
// every table draws from. The tables draw in a fixed order, so one seed
// gives one output.
#pragma once
#include "stats/boot_units.hpp"
#include "stats/verdict_call.hpp"

#include <random>
#include <string>

namespace mmtp::compare::calibration {

constexpr int kMetrics = 20;  // per comparison, unless a scenario says otherwise

enum class Layout {
    Aba,            // A1, B, A2
    AbaTwoB,        // A1, B1, B2, A2: two compared runs in one report
    Aba2Benches,    // A/B/A over two benchmarks of 20 metrics each
    FirstThree,     // three runs, each against the first
    BaselinesThree  // three runs, the two-baseline table's interval against the first
};

struct Scenario {
    std::string name;
    Layout layout = Layout::Aba;
    double shiftPct = 0;      // B's true change (higher is better: negative is a regression)
    double bootPct = 1;       // between-boot noise, sd in %
    double samplePct = 1;     // within-boot noise, sd in %
    int boots = 5;            // per run: boots recorded (one per iteration), or iterations in one boot
    int samples = 7;          // per iteration
    bool recorded = true;     // each iteration its own recorded boot; false: all in one unrecorded boot
    double runOffsetPct = 0;  // per-run offset, sd in %: what a boot (or run) shares
    double hiccupRate = 0;    // a sample 1/hiccupFactor as fast, with this probability
    double hiccupFactor = 1.5;
    double a2DriftPct = 0;  // A2's level against A1's
    double bNoise = 1;      // B's boot noise multiplier
    int bBoots = 0;         // B's boots (0: as boots)
    double thresholdPct = kDefaultThresholdPct;
    UnitStat stat = defaultUnitStat();
    bool iterationsAreBoots = false;  // --iterations-are-boots (the old engine's assumption)
    int metrics = kMetrics;           // per comparison: 3 is README's --metric 'ZPOPMIN|GET|time'
    // Columns per metric that are functions of it (redis' five latencies of
    // its RPS) counted in the family: they add no evidence, only its size.
    int familyCopies = 0;
};

struct Noise {
    std::mt19937_64 rng;
    std::normal_distribution<double> normal{0, 1};
    std::uniform_real_distribution<double> uniform{0, 1};
    int bootSerial = 0;
};

// One sample around level: the scenario's sample noise, and now and then a hiccup.
double drawSample(Noise& n, double level, const Scenario& s);

// One unit: the scenario's samples around level, summarised by its statistic.
double unitAround(Noise& n, double level, const Scenario& s);

}  // namespace mmtp::compare::calibration
