#include "common/duration_estimate.hpp"

#include <charconv>

namespace mmtp {

int powerOfTwoSteps(long minimum, long maximum) {
    if (minimum < 1) minimum = 1;
    int steps = 0;
    for (long c = minimum; c < maximum; c *= 2) ++steps;
    return steps + 1;
}

std::string estimateLine(const std::optional<double>& seconds) {
    if (!seconds) return "unknown";
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, *seconds);
    return std::string(buf, r.ptr);
}

}  // namespace mmtp
