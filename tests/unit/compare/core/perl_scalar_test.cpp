// The Perl value rules compare-mmtests.pl's output depends on, checked
// against what perl 5.36 printed for the same inputs.
#include "core/perl_scalar.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace mmtp::compare;

TEST_CASE("looks_like_number accepts what Scalar::Util accepts", "[compare][perl]") {
    for (const char* yes : {"1\n", " 1 ", "nan", "Inf", "infinity", ".5", "5.", "1e5", "-3.25", "+7"})
        CHECK(looksLikeNumber(yes));
    for (const char* no : {"1 x", "", "0x10", "-", "1e", "_", "abc"}) CHECK_FALSE(looksLikeNumber(no));
}

TEST_CASE("numification takes the numeric prefix", "[compare][perl]") {
    CHECK(numify("12.5:SIG:") == 12.5);
    CHECK(numify("  -3e2x") == -300);
    CHECK(numify("abc") == 0);
    CHECK(std::isnan(numify("NaN")));
}

TEST_CASE("numbers stringify with 15 significant digits", "[compare][perl]") {
    CHECK(stringify(0.1 + 0.2) == "0.3");
    CHECK(stringify(1e15) == "1e+15");
    CHECK(stringify(1.0 / 3) == "0.333333333333333");
    CHECK(stringify(std::nan("")) == "NaN");
    CHECK(stringify(-HUGE_VAL) == "-Inf");
}

TEST_CASE("sprintf prints NaN and Inf as Perl does, without zero padding", "[compare][perl]") {
    CHECK(perlSprintf(" (%+.2fs)", PerlArg::string("NaN")) == " (NaNs)");
    CHECK(perlSprintf("%7.2f", PerlArg::string("NaN")) == "    NaN");
    CHECK(perlSprintf("%18.2f", PerlArg::number(HUGE_VAL)) == "               Inf");
    CHECK(perlSprintf("%+7.2f", PerlArg::number(HUGE_VAL)) == "   +Inf");
    CHECK(perlSprintf("%.2f", PerlArg::number(-HUGE_VAL)) == "-Inf");
}

TEST_CASE("sprintf formats undef as zero or empty and keeps literal text", "[compare][perl]") {
    CHECK(perlSprintf(" (%7.2f%%)", PerlArg::undef()) == " (   0.00%)");
    CHECK(perlSprintf("%-5s|", PerlArg::string("ab")) == "ab   |");
    CHECK(perlSprintf("%18.4f", PerlArg::number(1.23456)) == "            1.2346");
    CHECK(perlSprintf("", PerlArg::arrayRef()).empty());
    CHECK(perlSprintf("%s", PerlArg::undef()).empty());
}
