#include "base/text_format.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace mmtp {

std::string formatTextV(const char* fmt, va_list ap) {
    char small[256];
    va_list again;
    va_copy(again, ap);
    int n = std::vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(again);
        return {};
    }
    if (std::size_t(n) < sizeof small) {
        va_end(again);
        return std::string(small, std::size_t(n));
    }
    std::string out(std::size_t(n), '\0');
    std::vsnprintf(out.data(), out.size() + 1, fmt, again);
    va_end(again);
    return out;
}

std::string formatText(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    std::string out = formatTextV(fmt, ap);
    va_end(ap);
    return out;
}

namespace {

constexpr std::uint64_t kPowersOfTen[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};
constexpr double kFastBound = 1e9;  // |v| * 10^precision then fits in 64 bits
__extension__ using Uint128 = unsigned __int128;  // GCC's, which -Wpedantic names

// |v| * 10^precision rounded as printf rounds (the double's exact value, a
// tie to even), for |v| < kFastBound and precision <= 9: v is m * 2^e
// exactly, so the scaled value is an integer quotient and remainder of
// m * 10^precision by 2^-e, in 128 bits; no floating-point step rounds.
std::uint64_t scaledMagnitude(double v, int precision) {
    const auto bits = std::bit_cast<std::uint64_t>(v);
    const int biased = static_cast<int>(bits >> 52 & 0x7ff);
    std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
    int e = -1074;  // a subnormal's
    if (biased != 0) m |= std::uint64_t{1} << 52, e = biased - 1075;
    const std::uint64_t scale = kPowersOfTen[precision];
    if (e >= 0) return (m << e) * scale;  // an integer below kFastBound
    if (e <= -128) return 0;              // m * 10^9 < 2^83: below half of 2^-e
    const Uint128 product = static_cast<Uint128>(m) * scale;
    const unsigned k = static_cast<unsigned>(-e);
    auto q = static_cast<std::uint64_t>(product >> k);
    const Uint128 rest = product & ((static_cast<Uint128>(1) << k) - 1);
    const Uint128 half = static_cast<Uint128>(1) << (k - 1);
    if (rest > half || (rest == half && (q & 1))) ++q;
    return q;
}

// printf's "%.*f" of a finite |v| < kFastBound, precision 0-9, into buf
// (digits written from the end of a local buffer); 0 when it does not fit.
std::size_t printFixedFast(char* buf, std::size_t size, double v, int precision) {
    std::uint64_t q = scaledMagnitude(v, precision);
    char text[40];
    char* at = text + sizeof text;
    for (int i = 0; i < precision; ++i, q /= 10) *--at = static_cast<char>('0' + q % 10);
    if (precision > 0) *--at = '.';
    do {
        *--at = static_cast<char>('0' + q % 10);
        q /= 10;
    } while (q != 0);
    if (std::signbit(v)) *--at = '-';  // printf's "-0.00" too
    const auto n = static_cast<std::size_t>(text + sizeof text - at);
    if (n >= size) return 0;
    std::memcpy(buf, at, n);
    buf[n] = '\0';
    return n;
}

}  // namespace

std::size_t printFixed(char* buf, std::size_t size, double v, int precision) {
    // The common case (a history prints two numbers a run, 100,000 runs) in
    // integers: std::to_chars cost 550 instructions a number. Then
    // std::to_chars, which rounds as printf does; printf keeps the rest:
    // inf/nan spellings, a buffer too small.
    if (std::fabs(v) < kFastBound && precision >= 0 && precision <= 9)
        if (const std::size_t n = printFixedFast(buf, size, v, precision); n > 0) return n;
    if (std::isfinite(v) && precision >= 0 && size > 0) {
        const auto [end, ec] = std::to_chars(buf, buf + size - 1, v, std::chars_format::fixed, precision);
        if (ec == std::errc()) {
            *end = '\0';
            return static_cast<std::size_t>(end - buf);
        }
    }
    const int n = std::snprintf(buf, size, "%.*f", precision, v);
    return n < 0 || size == 0 ? 0 : std::min(static_cast<std::size_t>(n), size - 1);
}

}  // namespace mmtp
