#include "base/md5.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>

namespace mmtp {

namespace {

constexpr std::array<std::uint32_t, 64> kSines = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
constexpr std::array<int, 16> kShifts = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};

std::uint32_t rotl(std::uint32_t x, int c) { return (x << c) | (x >> (32 - c)); }

void block(std::array<std::uint32_t, 4>& h, const unsigned char* p) {
    std::uint32_t m[16];
    for (int i = 0; i < 16; ++i)
        m[i] = std::uint32_t(p[4 * i]) | std::uint32_t(p[4 * i + 1]) << 8 | std::uint32_t(p[4 * i + 2]) << 16 |
               std::uint32_t(p[4 * i + 3]) << 24;
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
        std::uint32_t f;
        int g;
        if (i < 16) f = (b & c) | (~b & d), g = i;
        else if (i < 32) f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
        else if (i < 48) f = b ^ c ^ d, g = (3 * i + 5) % 16;
        else f = c ^ (b | ~d), g = (7 * i) % 16;
        std::uint32_t next = b + rotl(a + f + kSines[i] + m[g], kShifts[(i / 16) * 4 + i % 4]);
        a = d, d = c, c = b, b = next;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d;
}

}  // namespace

void Md5::update(std::string_view data) {
    total_ += data.size();
    const auto* p = reinterpret_cast<const unsigned char*>(data.data());
    std::size_t n = data.size();
    while (n > 0) {
        if (bufferedSize_ == 0 && n >= 64) {
            block(h_, p);
            p += 64, n -= 64;
            continue;
        }
        const std::size_t take = std::min(n, 64 - bufferedSize_);
        std::copy(p, p + take, buffered_ + bufferedSize_);
        bufferedSize_ += take, p += take, n -= take;
        if (bufferedSize_ == 64) block(h_, buffered_), bufferedSize_ = 0;
    }
}

std::string Md5::hex() {
    // The tail, 0x80, zeros, then the length in bits (little-endian), in one or two blocks.
    unsigned char tail[128] = {};
    std::copy(buffered_, buffered_ + bufferedSize_, tail);
    tail[bufferedSize_] = 0x80;
    std::size_t tailSize = bufferedSize_ < 56 ? 64 : 128;
    std::uint64_t bits = total_ * 8;
    for (int i = 0; i < 8; ++i) tail[tailSize - 8 + i] = static_cast<unsigned char>(bits >> (8 * i));
    for (std::size_t i = 0; i < tailSize; i += 64) block(h_, tail + i);
    std::string out;
    char buf[3];
    for (std::uint32_t w : h_)
        for (int i = 0; i < 4; ++i) {
            std::snprintf(buf, sizeof buf, "%02x", static_cast<unsigned>((w >> (8 * i)) & 0xff));
            out += buf;
        }
    return out;
}

std::string md5Hex(std::string_view data) {
    Md5 md5;
    md5.update(data);
    return md5.hex();
}

}  // namespace mmtp
