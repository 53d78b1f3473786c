#include "redis-zpopmin/batch_buffer.hpp"

#include <algorithm>
#include <cstring>

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

// Writes the low `width` digits of r ending just before end.
void writeDigits(char* end, uint64_t r, int width) {
    for (; width >= 2; width -= 2) {
        end -= 2;
        std::memcpy(end, kPairs.text + 2 * (r % 100), 2);
        r /= 100;
    }
    if (width) *--end = static_cast<char>('0' + r % 10);
}

}  // namespace

void BatchBuffer::randomize(KeyRng& rng, uint64_t keyspace) {
    // A key below keyspace has at most `needed` digits: the higher ones are
    // zeros, written once and left alone.
    const int needed = digitsOf(keyspace ? keyspace - 1 : 0);
    const int width = std::max(needed, dirtyDigits_);
    char* base = buf_.data();
    for (std::size_t off : slots_) writeDigits(base + off + 12, rng.below(keyspace), width);
    dirtyDigits_ = needed;
}

}  // namespace mmtp::rediszpopmin
