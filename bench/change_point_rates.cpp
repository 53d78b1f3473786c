// change-point-rates: results-store history's change-point detection on
// synthetic series with known shifts, through the same code path as
// `results-store history` (store/change_points -> the verdict engine).
// Per scenario over SERIES series (runs x 5 iteration means, Gaussian noise
// of 1 % per iteration mean, one shift at the middle run or none; "offset"
// rows add a per-run offset, Gaussian of that sd, shared by the run's
// iterations: what a run's boot, placement or neighbours shift it by):
//   detected   series whose shift was found at exactly the first run after it
//   near       ... within one run of it
//   missed     series with no change point at all
//   false      series with a change point where nothing changed (flat: any)
// Not a timed test: a calibration table for docs/results-store.md.
//   build/bin/change-point-rates [SERIES] [SEED]
#include "history/change_points.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace mmtp::compare;
using namespace mmtp::compare::store;

namespace {

struct Scenario {
    const char* name;
    std::size_t runs;
    double shiftPct;  // 0: flat
    double noisePct;  // sd of one iteration mean
    double offsetPct = 0;  // sd of a run's offset, shared by its iterations
};

std::vector<SeriesRun> make(std::mt19937_64& rng, const Scenario& s, std::size_t at) {
    std::normal_distribution<double> noise(0, s.noisePct / 100);
    std::normal_distribution<double> offset(0, s.offsetPct / 100);
    std::vector<SeriesRun> out;
    for (std::size_t r = 0; r < s.runs; ++r) {
        double level = r >= at && s.shiftPct != 0 ? 1 + s.shiftPct / 100 : 1;
        if (s.offsetPct > 0) level *= 1 + offset(rng);
        SeriesRun run{{}, std::nullopt};
        for (int i = 0; i < 5; ++i) run.means.push_back(100 * level * (1 + noise(rng)));
        out.push_back(std::move(run));
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const int series = argc > 1 ? std::atoi(argv[1]) : 1000;
    const unsigned long seed = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1;
    const Scenario scenarios[] = {
        {"flat, 20 runs", 20, 0, 1},    {"flat, 100 runs", 100, 0, 1},  {"flat, 500 runs", 500, 0, 1},
        {"-0.5%, 20 runs", 20, -0.5, 1}, {"-1%, 20 runs", 20, -1, 1},   {"-2%, 20 runs", 20, -2, 1},
        {"-5%, 20 runs", 20, -5, 1},    {"-1%, 100 runs", 100, -1, 1}, {"-2%, 100 runs", 100, -2, 1},
        {"-5%, 500 runs", 500, -5, 1},
        {"flat, 20 runs, offset 1%", 20, 0, 1, 1},     {"flat, 100 runs, offset 1%", 100, 0, 1, 1},
        {"-2%, 20 runs, offset 1%", 20, -2, 1, 1},     {"-5%, 20 runs, offset 1%", 20, -5, 1, 1},
        {"-5%, 100 runs, offset 1%", 100, -5, 1, 1},
    };
    std::printf("%d series per scenario, seed %lu; noise 1%% per iteration mean, 5 iterations per run\n", series, seed);
    std::printf("%-26s %9s %9s %9s %9s\n", "scenario", "detected", "near", "missed", "false");
    std::mt19937_64 rng(seed);
    for (const Scenario& s : scenarios) {
        int detected = 0, near = 0, missed = 0, falseAlarm = 0;
        const std::size_t at = s.runs / 2;
        for (int k = 0; k < series; ++k) {
            std::vector<ChangePoint> c = findChangePoints(make(rng, s, at), true);
            if (s.shiftPct == 0) {
                falseAlarm += !c.empty();
                continue;
            }
            if (c.empty()) ++missed;
            bool exact = false, close = false, other = false;
            for (const ChangePoint& p : c) {
                std::size_t d = p.firstRun > at ? p.firstRun - at : at - p.firstRun;
                exact |= d == 0;
                close |= d <= 1;
                other |= d > 1;
            }
            detected += exact;
            near += close;
            falseAlarm += other;
        }
        auto pct = [series](int n) {
            char buf[16];
            std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * n / series);
            return std::string(buf);
        };
        auto shifted = [&](int n) { return s.shiftPct == 0 ? std::string("-") : pct(n); };
        std::printf("%-26s %9s %9s %9s %9s\n", s.name, shifted(detected).c_str(), shifted(near).c_str(),
                    shifted(missed).c_str(), pct(falseAlarm).c_str());
    }
    return 0;
}
