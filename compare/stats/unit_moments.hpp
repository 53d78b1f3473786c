// unit_moments.hpp - the few moments every interval over units is built from
// (stats/unit_inference.hpp, stats/bisect_position.hpp): a side's mean and
// sample variance, Student's quantile, and the smallest number of units that
// settles a question. One place, so the two intervals cannot drift apart.
#pragma once
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace mmtp::compare {

// One side's units: their count, mean and sample variance (n - 1; NaN for one unit).
struct UnitMoments {
    double n = 0, mean = 0, var = 0;
    bool hasVariance() const;
};
// Empty input gives n = 0 and NaN mean and variance.
UnitMoments unitMoments(const std::vector<double>& units);

// Student's t quantile: the value below which a fraction p of t(df) lies.
double tQuantile(double df, double p);

// The smallest n in [lo, hi] for which settles(n) holds, given that the need
// falls as n grows (settles is monotone); nullopt when even hi does not settle.
std::optional<std::size_t> smallestSettlingUnits(std::size_t lo, std::size_t hi,
                                                 const std::function<bool(std::size_t)>& settles);

}  // namespace mmtp::compare
