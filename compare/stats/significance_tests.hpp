// significance_tests.hpp - the tests behind a verdict's "significant":
// Welch's two-sample t-test (R's t.test, var.equal = FALSE) and Holm's
// step-down adjustment for many rows (R's p.adjust(method = "holm")).
#pragma once
#include <vector>

namespace mmtp::compare {

struct WelchResult {
    double t = 0, df = 0;
    double p = 0;  // two-sided; NaN when untestable (fewer than 2 samples a side, or no variance)
};
WelchResult welchTTest(const std::vector<double>& a, const std::vector<double>& b);

// Holm-adjusted p-values in the order given; NaN p-values stay NaN and do
// not count as tests.
std::vector<double> holmAdjust(const std::vector<double>& p);

}  // namespace mmtp::compare
