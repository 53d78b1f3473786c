#include "base/text_format.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

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

__extension__ using Uint128 = unsigned __int128;  // GCC's and Clang's; -Wpedantic knows no 128-bit type

constexpr std::uint64_t kPowersOf10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};
constexpr int kFastDigits = 9;
constexpr double kFastBelow = 1e9;

// |v| = m * 2^-shift rounded to `precision` decimals as an integer count of
// 10^-precision: m * 10^precision fits 128 bits (m < 2^53, the power < 2^30).
std::uint64_t roundedUnits(double magnitude, int precision) {
    int exp = 0;
    const double frac = std::frexp(magnitude, &exp);  // [0.5, 1) * 2^exp
    const auto m = static_cast<std::uint64_t>(std::ldexp(frac, 53));
    const int shift = 53 - exp;  // >= 23: magnitude < 2^30
    if (shift >= 120) return 0;  // under 2^-66: far below half a unit
    const Uint128 scaled = static_cast<Uint128>(m) * kPowersOf10[precision];
    const Uint128 one = 1;
    auto q = static_cast<std::uint64_t>(scaled >> shift);
    const Uint128 rest = scaled & ((one << shift) - 1), half = one << (shift - 1);
    if (rest > half || (rest == half && (q & 1))) ++q;
    return q;
}

}  // namespace

std::size_t printFixed(char* buf, std::size_t size, double v, int precision) {
    if (!std::isfinite(v) || precision < 0 || precision > kFastDigits || !(std::fabs(v) < kFastBelow) || size < 32) {
        const int n = std::snprintf(buf, size, "%.*f", precision, v);
        return n < 0 || size == 0 ? 0 : std::min(static_cast<std::size_t>(n), size - 1);
    }
    const std::uint64_t units = roundedUnits(std::fabs(v), precision);
    const std::uint64_t whole = units / kPowersOf10[precision], part = units % kPowersOf10[precision];
    char* p = buf;
    if (std::signbit(v)) *p++ = '-';  // printf keeps the sign of what rounds to zero, and of -0.0
    p = std::to_chars(p, buf + size, whole).ptr;
    if (precision > 0) {
        *p++ = '.';
        std::uint64_t rest = part;
        for (int i = precision - 1; i >= 0; --i, rest /= 10) p[i] = static_cast<char>('0' + rest % 10);
        p += precision;
    }
    *p = '\0';
    return static_cast<std::size_t>(p - buf);
}

}  // namespace mmtp
