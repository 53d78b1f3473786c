// offsets.hpp - where the next IO goes and in which direction.
//   sequential: block 0,1,2,... per direction, wrapping at the end of the file.
//   random, randommap (fio's default): a pseudo-random permutation of the
//     blocks (4-round Feistel over the next power of two, cycle-walking), so
//     every block is hit exactly once per pass over the file.
//   random, norandommap: uniform with replacement.
// The direction of a mixed job is drawn per IO: read with probability
// rwmixread% (fio's rwmix_ddir).
#pragma once
#include "fiolike/fio_stats.hpp"

#include <cstdint>

namespace mmtp::fiolike {

class Rng {
public:
    explicit Rng(uint64_t seed) : s_(seed ? seed : 0x9e3779b97f4a7c15ULL) {}
    uint64_t next() {  // xorshift64*
        s_ ^= s_ >> 12;
        s_ ^= s_ << 25;
        s_ ^= s_ >> 27;
        return s_ * 0x2545f4914f6cdd1dULL;
    }
    uint64_t below(uint64_t n) { return n ? next() % n : 0; }

private:
    uint64_t s_;
};

class OffsetGenerator {
public:
    OffsetGenerator(uint64_t blocks, bool random, bool randommap, unsigned readPercent, uint64_t seed);

    Dir nextDir() {
        if (readPercent_ >= 100) return kRead;
        if (readPercent_ == 0) return kWrite;
        return dirRng_.below(100) < readPercent_ ? kRead : kWrite;
    }
    // Block index (multiply by bs for the byte offset).
    uint64_t nextBlock(Dir d) {
        if (!random_) {
            const uint64_t b = seq_[d];
            seq_[d] = b + 1 == blocks_ ? 0 : b + 1;
            return b;
        }
        if (!randommap_) return rng_.below(blocks_);
        return permuted();
    }

private:
    uint64_t permuted();
    uint64_t feistel(uint64_t x) const;

    uint64_t blocks_;
    bool random_, randommap_;
    unsigned readPercent_;
    Rng rng_, dirRng_;
    uint64_t seq_[kDirs] = {0, 0};
    // permutation state
    unsigned halfBits_ = 1;
    uint64_t halfMask_ = 1;
    uint64_t counter_ = 0;
    uint64_t keys_[4] = {};
};

}  // namespace mmtp::fiolike
