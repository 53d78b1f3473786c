#include "base/text_format.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
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

std::size_t printFixed(char* buf, std::size_t size, double v, int precision) {
    // std::to_chars rounds as printf does (the double's exact value, a tie to
    // even); printf keeps the rest: inf/nan spellings, a buffer too small.
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
