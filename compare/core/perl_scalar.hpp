// perl_scalar.hpp - the few Perl value semantics compare-mmtests.pl's output
// depends on: which strings are numbers, how strings become numbers, how
// numbers become strings, and printf as Perl does it (NaN/Inf, undef).
// Byte-identical tables need these exact rules, so they live in one place.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace mmtp::compare {

// Scalar::Util::looks_like_number: optional surrounding whitespace, a decimal
// number (with optional exponent) or Inf/Infinity/NaN. "" is not a number.
bool looksLikeNumber(std::string_view s);

// Perl's numification: the longest numeric prefix after leading whitespace,
// 0 when there is none.
double numify(std::string_view s);

// numify(s) when looksLikeNumber(s), else nullopt: both in one pass, for
// the 800k samples of one bonnie++ iteration.
std::optional<double> perlNumber(std::string_view s);

// Perl's stringification of a number ("%.15g", "NaN", "Inf", "-Inf").
std::string stringify(double v);

// A printf argument: undef, a number, a string, or the array reference
// ([""]) compare-mmtests.pl pushes into cells it leaves empty.
struct PerlArg {
    enum class Kind { Undef, Number, String, ArrayRef } kind = Kind::Undef;
    double num = 0;
    std::string str;

    static PerlArg undef() { return {}; }
    static PerlArg number(double v) { return {Kind::Number, v, {}}; }
    static PerlArg string(std::string s) { return {Kind::String, 0, std::move(s)}; }
    static PerlArg arrayRef() { return {Kind::ArrayRef, 0, {}}; }

    bool isUndef() const { return kind == Kind::Undef; }
    double asNumber() const;
    std::string asString() const;
};

// sprintf(FORMAT, ARG) for the formats compare-mmtests.pl builds: literal
// text, %%, and one %s, %d or %f conversion with flags, width and precision.
std::string perlSprintf(std::string_view format, const PerlArg& arg);

}  // namespace mmtp::compare
