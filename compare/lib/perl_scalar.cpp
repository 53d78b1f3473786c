#include "lib/perl_scalar.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <strings.h>

namespace mmtp::compare {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Length of the decimal number at the start of s (0 if none).
std::size_t decimalPrefix(std::string_view s) {
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t digits = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
    }
    if (digits == 0) return 0;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
        std::size_t expDigits = 0;
        while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j, ++expDigits;
        if (expDigits > 0) i = j;
    }
    return i;
}

// Inf/Infinity/NaN (any case, optional sign) at the start of s: length, value.
std::size_t infNanPrefix(std::string_view s, double& value) {
    std::size_t i = 0;
    bool neg = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    auto rest = s.substr(i);
    auto starts = [&](const char* w) {
        std::size_t n = std::char_traits<char>::length(w);
        return rest.size() >= n && strncasecmp(rest.data(), w, n) == 0 ? n : 0;
    };
    if (std::size_t n = starts("infinity")) { value = neg ? -HUGE_VAL : HUGE_VAL; return i + n; }
    if (std::size_t n = starts("inf")) { value = neg ? -HUGE_VAL : HUGE_VAL; return i + n; }
    if (std::size_t n = starts("nan")) { value = std::nan(""); return i + n; }
    return 0;
}

std::string_view skipSpace(std::string_view s) {
    while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
    return s;
}

}  // namespace

bool looksLikeNumber(std::string_view s) {
    s = skipSpace(s);
    double dummy;
    std::size_t n = decimalPrefix(s);
    if (n == 0) n = infNanPrefix(s, dummy);
    if (n == 0) return false;
    return skipSpace(s.substr(n)).empty();
}

double numify(std::string_view s) {
    s = skipSpace(s);
    if (std::size_t n = decimalPrefix(s)) return std::strtod(std::string(s.substr(0, n)).c_str(), nullptr);
    double v = 0;
    if (infNanPrefix(s, v)) return v;
    return 0;
}

std::string stringify(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Inf" : "-Inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

double PerlArg::asNumber() const {
    switch (kind) {
    case Kind::Number: return num;
    case Kind::String: return numify(str);
    default: return 0;
    }
}

std::string PerlArg::asString() const {
    switch (kind) {
    case Kind::Number: return stringify(num);
    case Kind::String: return str;
    case Kind::ArrayRef: return "ARRAY(0x0)";
    default: return {};
    }
}

namespace {

struct Spec {
    bool left = false, plus = false, space = false, zero = false;
    int width = -1, precision = -1;
    char conv = 0;
};

std::string pad(std::string body, const Spec& spec) {
    if (spec.width < 0 || static_cast<int>(body.size()) >= spec.width) return body;
    std::size_t fill = static_cast<std::size_t>(spec.width) - body.size();
    return spec.left ? body + std::string(fill, ' ') : std::string(fill, ' ') + body;
}

std::string formatConversion(const Spec& spec, const PerlArg& arg) {
    if (spec.conv == 's') {
        std::string s = arg.asString();
        if (spec.precision >= 0 && static_cast<int>(s.size()) > spec.precision)
            s.resize(static_cast<std::size_t>(spec.precision));
        return pad(s, spec);
    }
    double v = arg.asNumber();
    if (std::isnan(v) || std::isinf(v)) {
        // Perl prints these itself: no zero padding, a sign only for Inf.
        std::string s = std::isnan(v) ? "NaN" : (v < 0 ? "-Inf" : (spec.plus ? "+Inf" : "Inf"));
        return pad(s, spec);
    }
    std::string fmt = "%";
    if (spec.left) fmt += '-';
    if (spec.plus) fmt += '+';
    if (spec.space) fmt += ' ';
    if (spec.zero) fmt += '0';
    if (spec.width >= 0) fmt += std::to_string(spec.width);
    if (spec.conv == 'd') {
        fmt += "lld";
        // Perl's %d truncates towards zero.
        char buf[512];
        std::snprintf(buf, sizeof buf, fmt.c_str(), static_cast<long long>(std::trunc(v)));
        return buf;
    }
    if (spec.precision >= 0) fmt += "." + std::to_string(spec.precision);
    fmt += spec.conv;
    std::string out(512, '\0');
    int n = std::snprintf(out.data(), out.size(), fmt.c_str(), v);
    if (n >= static_cast<int>(out.size())) {
        out.resize(static_cast<std::size_t>(n) + 1);
        n = std::snprintf(out.data(), out.size(), fmt.c_str(), v);
    }
    out.resize(static_cast<std::size_t>(n));
    return out;
}

}  // namespace

std::string perlSprintf(std::string_view format, const PerlArg& arg) {
    std::string out;
    bool used = false;
    for (std::size_t i = 0; i < format.size(); ++i) {
        char c = format[i];
        if (c != '%') { out += c; continue; }
        if (i + 1 < format.size() && format[i + 1] == '%') { out += '%'; ++i; continue; }
        Spec spec;
        std::size_t j = i + 1;
        for (; j < format.size(); ++j) {
            char f = format[j];
            if (f == '-') spec.left = true;
            else if (f == '+') spec.plus = true;
            else if (f == ' ') spec.space = true;
            else if (f == '0') spec.zero = true;
            else break;
        }
        auto readInt = [&](int& dst) {
            std::size_t start = j;
            while (j < format.size() && std::isdigit(static_cast<unsigned char>(format[j]))) ++j;
            if (j > start) dst = std::stoi(std::string(format.substr(start, j - start)));
        };
        readInt(spec.width);
        if (j < format.size() && format[j] == '.') {
            ++j;
            spec.precision = 0;
            readInt(spec.precision);
        }
        if (j >= format.size() || (format[j] != 's' && format[j] != 'd' && format[j] != 'f' &&
                                   format[j] != 'e' && format[j] != 'g'))
            throw std::logic_error("unsupported printf format: " + std::string(format));
        spec.conv = format[j];
        // Perl formats a missing argument as undef; compare-mmtests.pl passes one.
        out += formatConversion(spec, used ? PerlArg::undef() : arg);
        used = true;
        i = j;
    }
    return out;
}

}  // namespace mmtp::compare
