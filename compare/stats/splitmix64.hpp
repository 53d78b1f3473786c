// splitmix64.hpp - the generator behind the seeded subselections.
//
// SplitMix64 (Steele, Lea, Flood 2014; Java's SplittableRandom): one
// addition and two multiplications a number, the same on every platform, and
// any 64-bit seed starts an independent stream.
#pragma once
#include <cstdint>

namespace mmtp::compare {

struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t operator()() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // A uniform number strictly inside (0, 1): the top 52 bits, centred, so
    // the largest, 1 - 2^-53, is a double below 1 (53 bits would round to 1).
    double open01() { return (static_cast<double>((*this)() >> 12) + 0.5) * 0x1p-52; }
};

}  // namespace mmtp::compare
