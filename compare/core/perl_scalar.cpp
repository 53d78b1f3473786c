#include "core/perl_scalar.hpp"

#include <algorithm>
#include <charconv>
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

// The value of a decimalPrefix: from_chars (correctly rounded, as glibc's
// strtod is, and without a std::string per number); strtod where from_chars
// declines ('+', out of range, where strtod gives Inf or a denormal).
double decimalValue(std::string_view number) {
    double v = 0;
    if (number.front() != '+') {
        auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
        if (ec == std::errc() && end == number.data() + number.size()) return v;
    }
    return std::strtod(std::string(number).c_str(), nullptr);
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
    if (std::size_t n = decimalPrefix(s)) return decimalValue(s.substr(0, n));
    double v = 0;
    if (infNanPrefix(s, v)) return v;
    return 0;
}

std::optional<double> perlNumber(std::string_view s) {
    s = skipSpace(s);
    double v = 0;
    std::size_t n = decimalPrefix(s);
    const bool decimal = n > 0;
    if (!decimal) n = infNanPrefix(s, v);
    if (n == 0 || !skipSpace(s.substr(n)).empty()) return std::nullopt;
    return decimal ? decimalValue(s.substr(0, n)) : v;
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
    // The digits come from printf with a literal format; sign flags and
    // padding are applied here.
    int prec = spec.precision >= 0 ? spec.precision : 6;
    std::string body(static_cast<std::size_t>(prec) + 400, '\0');  // room for %f of 1e308
    int n;
    if (spec.conv == 'd') n = std::snprintf(body.data(), body.size(), "%lld", static_cast<long long>(std::trunc(v)));  // Perl truncates
    else if (spec.conv == 'e') n = std::snprintf(body.data(), body.size(), "%.*e", prec, v);
    else if (spec.conv == 'g') n = std::snprintf(body.data(), body.size(), "%.*g", prec, v);
    else n = std::snprintf(body.data(), body.size(), "%.*f", prec, v);
    body.resize(static_cast<std::size_t>(std::max(n, 0)));
    std::string sign;
    if (!body.empty() && body[0] == '-') {
        sign = "-";
        body.erase(0, 1);
    } else if (spec.plus) {
        sign = "+";
    } else if (spec.space) {
        sign = " ";
    }
    if (spec.zero && !spec.left && spec.width > static_cast<int>(sign.size() + body.size()))
        body.insert(0, static_cast<std::size_t>(spec.width) - sign.size() - body.size(), '0');
    return pad(sign + body, spec);
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
