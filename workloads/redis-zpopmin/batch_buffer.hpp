// batch_buffer.hpp - one client's pipelined batch: P copies of the command,
// and the position of every "__rand_int__" placeholder in it. Before each
// batch is sent, each placeholder gets its own random key in [0, keyspace),
// written as 12 zero-padded digits (redis-benchmark's randomizeClientKey).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::rediszpopmin {

// splitmix64: small, fast, seedable. Draws are reduced to [0, n) with a
// multiply-shift, not a division.
class KeyRng {
public:
    explicit KeyRng(uint64_t seed) : s_(seed) {}
    uint64_t next() {
        uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint64_t below(uint64_t n) {
        __extension__ typedef unsigned __int128 u128;
        return n == 0 ? 0 : static_cast<uint64_t>((static_cast<u128>(next()) * n) >> 64);
    }
private:
    uint64_t s_;
};

class BatchBuffer {
public:
    static constexpr std::string_view kPlaceholder = "__rand_int__";
    static constexpr uint64_t kMaxKeyspace = 1000000000000ull;  // 12 digits

    BatchBuffer(std::string_view command, int pipeline);

    // Overwrites every placeholder with a fresh key in [0, keyspace).
    void randomize(KeyRng& rng, uint64_t keyspace);

    const std::string& bytes() const { return buf_; }
    std::size_t placeholders() const { return slots_.size(); }

private:
    std::string buf_;
    std::vector<std::size_t> slots_;
    // How many low digits of each slot may be other than '0' (all 12 while
    // the placeholder text is there): randomize rewrites only those and the
    // ones the keyspace needs, two at a time - the client's hottest loop.
    int dirtyDigits_ = 12;
};

}  // namespace mmtp::rediszpopmin
