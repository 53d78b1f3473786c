#include "bench/verdict-calibration/synthetic.hpp"

#include <vector>

namespace mmtp::compare::calibration {

double drawSample(Noise& n, double level, const Scenario& s) {
    double v = level * (1 + s.samplePct / 100 * n.normal(n.rng));
    if (n.uniform(n.rng) < s.hiccupRate) v /= s.hiccupFactor;
    return v;
}

double unitAround(Noise& n, double level, const Scenario& s) {
    std::vector<double> samples;
    for (int k = 0; k < s.samples; ++k) samples.push_back(drawSample(n, level, s));
    return summariseUnit(samples, s.stat);
}

}  // namespace mmtp::compare::calibration
