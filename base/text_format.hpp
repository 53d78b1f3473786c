// text_format.hpp - printf into a std::string, for log lines that must match
// the C tools (perf, stress-ng, fio) to the byte.
#pragma once
#include <cstdarg>
#include <string>

namespace mmtp {

// The whole printf result, however long.
[[gnu::format(printf, 1, 2)]] std::string formatText(const char* fmt, ...);
[[gnu::format(printf, 1, 0)]] std::string formatTextV(const char* fmt, va_list ap);

}  // namespace mmtp
