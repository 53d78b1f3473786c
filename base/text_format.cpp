#include "base/text_format.hpp"

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

}  // namespace mmtp
