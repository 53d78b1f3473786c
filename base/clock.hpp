// clock.hpp - the one monotonic clock of every measured loop
// (CLOCK_MONOTONIC, read through the vDSO: no syscall, no allocation).
#pragma once
#include <cstdint>
#include <ctime>

namespace mmtp {

// Nanoseconds on CLOCK_MONOTONIC.
inline std::uint64_t monotonicNs() {
    timespec ts;
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::uint64_t(ts.tv_sec) * 1000000000u + std::uint64_t(ts.tv_nsec);
}

// Seconds on CLOCK_MONOTONIC, for deadlines and wall times.
inline double monotonicSeconds() { return double(monotonicNs()) * 1e-9; }

}  // namespace mmtp
