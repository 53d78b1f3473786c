// percent.hpp - table cells: a/b as "12.3%", or "-" when nothing was
// counted; with its 95 % Wilson interval, "12.3% [10.1, 14.8]".
#pragma once
#include <cmath>
#include <cstdio>
#include <string>

namespace mmtp::compare::calibration {

inline std::string pct(long a, long b) {
    if (b == 0) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * static_cast<double>(a) / static_cast<double>(b));
    return buf;
}

// Wilson's score interval: honest at rates near 0 or 1, where the normal
// approximation's is not.
inline std::string pctWithInterval(long a, long b) {
    if (b == 0) return "-";
    const double z = 1.959964, n = static_cast<double>(b), p = static_cast<double>(a) / n;
    const double mid = (p + z * z / (2 * n)) / (1 + z * z / n);
    const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f%% [%.1f, %.1f]", 100 * p, 100 * std::fmax(0, mid - half),
                  100 * std::fmin(1, mid + half));
    return buf;
}

}  // namespace mmtp::compare::calibration
