#include "fiolike/offsets.hpp"

namespace mmtp::fiolike {

OffsetGenerator::OffsetGenerator(uint64_t blocks, bool random, bool randommap, unsigned readPercent,
                                 uint64_t seed)
    : blocks_(blocks ? blocks : 1), random_(random), randommap_(randommap), readPercent_(readPercent),
      rng_(seed), dirRng_(seed ^ 0x5bd1e9955bd1e995ULL) {
    // Domain 2^(2*halfBits) >= blocks.
    unsigned bits = 2;
    while (bits < 64 && (uint64_t{1} << bits) < blocks_) bits += 2;
    halfBits_ = bits / 2;
    halfMask_ = (uint64_t{1} << halfBits_) - 1;
    for (auto& k : keys_) k = rng_.next();
}

uint64_t OffsetGenerator::feistel(uint64_t x) const {
    uint64_t l = x >> halfBits_, r = x & halfMask_;
    for (uint64_t k : keys_) {
        uint64_t f = (r ^ k) * 0x9e3779b97f4a7c15ULL;
        f ^= f >> 29;
        const uint64_t nl = r;
        r = (l ^ f) & halfMask_;
        l = nl;
    }
    return (l << halfBits_) | r;
}

uint64_t OffsetGenerator::permuted() {
    // A bijection on [0, 2^(2*halfBits)); values >= blocks are skipped
    // (cycle walking over the counter), so each pass visits each block once.
    const uint64_t domain = uint64_t{1} << (2 * halfBits_);
    for (;;) {
        const uint64_t v = feistel(counter_);
        counter_ = counter_ + 1 == domain ? 0 : counter_ + 1;
        if (v < blocks_) return v;
    }
}

}  // namespace mmtp::fiolike
