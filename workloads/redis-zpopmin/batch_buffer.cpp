#include "redis-zpopmin/batch_buffer.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

namespace mmtp::rediszpopmin {

BatchBuffer::BatchBuffer(std::string_view command, int pipeline) {
    buf_.reserve(command.size() * static_cast<std::size_t>(pipeline));
    for (int i = 0; i < pipeline; ++i) buf_.append(command);
    for (std::size_t pos = buf_.find(kPlaceholder); pos != std::string::npos;
         pos = buf_.find(kPlaceholder, pos + kPlaceholder.size()))
        slots_.push_back(pos);
}

namespace {

// "00" "01" ... "99": two digits per division.
struct DigitPairs {
    char text[200];
    constexpr DigitPairs() : text() {
        for (int i = 0; i < 100; ++i) {
            text[2 * i] = static_cast<char>('0' + i / 10);
            text[2 * i + 1] = static_cast<char>('0' + i % 10);
        }
    }
};
constexpr DigitPairs kPairs;

int digitsOf(uint64_t v) {
    int n = 1;
    while (v >= 10) {
        v /= 10;
        ++n;
    }
    return n;
}

// Writes the Width low digits of r (r < 10^Width) ending just before end:
// four at a time from the right, then what is left (below 10^3 by then).
// Width is a template argument so that each keyspace's loop is unrolled.
template <int Width>
[[gnu::always_inline]] inline void writeDigits(char* end, uint64_t r) {
    for (int width = Width; width >= 4; width -= 4) {
        const uint64_t high = r / 10000;
        const auto group = static_cast<uint32_t>(r - high * 10000);
        const uint32_t hundreds = group / 100;
        end -= 4;
        std::memcpy(end, kPairs.text + 2 * hundreds, 2);
        std::memcpy(end + 2, kPairs.text + 2 * (group - hundreds * 100), 2);
        r = high;
    }
    const auto left = static_cast<uint32_t>(r);
    if constexpr (Width % 4 == 3) {
        end[-3] = static_cast<char>('0' + left / 100);
        std::memcpy(end - 2, kPairs.text + 2 * (left % 100), 2);
    } else if constexpr (Width % 4 == 2) {
        std::memcpy(end - 2, kPairs.text + 2 * left, 2);
    } else if constexpr (Width % 4 == 1) {
        end[-1] = static_cast<char>('0' + left);
    }
}

// One batch's keys, each Width digits wide. The generator is a local copy:
// a store into the buffer (chars, which may alias anything) would otherwise
// make the compiler store and reload its state around every key.
template <int Width>
void writeKeys(char* base, const std::vector<std::size_t>& slots, KeyRng& rng, uint64_t keyspace) {
    KeyRng local = rng;
    for (std::size_t off : slots) writeDigits<Width>(base + off + 12, local.below(keyspace));
    rng = local;
}

using WriteKeys = void (*)(char*, const std::vector<std::size_t>&, KeyRng&, uint64_t);
template <std::size_t... W>
constexpr std::array<WriteKeys, sizeof...(W)> writersFor(std::index_sequence<W...>) {
    return {writeKeys<static_cast<int>(W) + 1>...};
}
// kWriters[w - 1] writes w digits, for w in 1..12.
constexpr auto kWriters = writersFor(std::make_index_sequence<12>());

}  // namespace

void BatchBuffer::randomize(KeyRng& rng, uint64_t keyspace) {
    // A key below keyspace has at most `needed` digits: the higher ones are
    // zeros, written once and left alone.
    const int needed = digitsOf(keyspace ? keyspace - 1 : 0);
    const int width = std::max(needed, dirtyDigits_);
    kWriters[static_cast<std::size_t>(width - 1)](buf_.data(), slots_, rng, keyspace);
    dirtyDigits_ = needed;
}

}  // namespace mmtp::rediszpopmin
