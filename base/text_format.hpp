// text_format.hpp - printf into a std::string, for log lines that must match
// the C tools (perf, stress-ng, fio) to the byte.
#pragma once
#include <cstdarg>
#include <cstddef>
#include <string>

namespace mmtp {

// The whole printf result, however long.
[[gnu::format(printf, 1, 2)]] std::string formatText(const char* fmt, ...);
[[gnu::format(printf, 1, 0)]] std::string formatTextV(const char* fmt, va_list ap);

// snprintf(buf, size, "%.*f", precision, v), the same bytes, returning the
// length written (at most size - 1), through std::to_chars: a quarter of
// printf's cost (a history prints two such numbers a run, 100,000 runs).
std::size_t printFixed(char* buf, std::size_t size, double v, int precision);

}  // namespace mmtp
