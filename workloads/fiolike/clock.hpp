// clock.hpp - the one clock of the measured loop (CLOCK_MONOTONIC via vDSO).
#pragma once
#include <cstdint>
#include <ctime>

namespace mmtp::fiolike {

inline uint64_t nowNs() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

}  // namespace mmtp::fiolike
