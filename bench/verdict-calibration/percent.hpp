// percent.hpp - a table cell: a/b as "12.3%", or "-" when nothing was counted.
#pragma once
#include <cstdio>
#include <string>

namespace mmtp::compare::calibration {

inline std::string pct(long a, long b) {
    if (b == 0) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * static_cast<double>(a) / static_cast<double>(b));
    return buf;
}

}  // namespace mmtp::compare::calibration
