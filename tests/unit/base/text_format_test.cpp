#include <catch2/catch.hpp>

#include "base/text_format.hpp"

#include <cmath>
#include <random>
#include <string>

using namespace mmtp;

TEST_CASE("formatText prints as printf would") {
    CHECK(formatText("%-13s %9.2f|%lld", "seccomp", 3.14159, 42LL) == "seccomp            3.14|42");
    CHECK(formatText(" %14lf usecs/op", 1.5) == "       1.500000 usecs/op");
    CHECK(formatText("%s", "").empty());
}

TEST_CASE("formatText never cuts a long result") {
    const std::string long_(5000, 'x');
    CHECK(formatText("<%s>", long_.c_str()) == "<" + long_ + ">");
    CHECK(formatText("%0300d", 7).size() == 300);
}

namespace {

std::string printfFixed(double v, int precision) { return formatText("%.*f", precision, v); }

std::string viaPrintFixed(double v, int precision) {
    char buf[512];
    return std::string(buf, printFixed(buf, sizeof buf, v, precision));
}

}  // namespace

TEST_CASE("printFixed prints what printf's %.*f prints") {
    // Ties at the binary value (0.125 to 2 decimals is a tie: to even), values
    // just either side of one, signs of what rounds to zero, the fast path's
    // bounds, and values it leaves to printf.
    const double fixed[] = {0,       -0.0,     0.125,     0.375,      2.5,      -2.5,     1.0005,   0.00005,
                            -0.00004, 999999999.99996, 1e9,    -1e9,       1e300,    5e-324,   123.456789, 0.1,
                            std::nextafter(0.125, 1.0), std::nextafter(0.125, 0.0), 4503599627370495.5};
    for (double v : fixed)
        for (int p = 0; p <= 12; ++p) CHECK(viaPrintFixed(v, p) == printfFixed(v, p));
    CHECK(viaPrintFixed(std::nan(""), 4) == printfFixed(std::nan(""), 4));
    CHECK(viaPrintFixed(-HUGE_VAL, 2) == printfFixed(-HUGE_VAL, 2));
    // Random bit patterns over the fast path's range and past it.
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> exponent(-40, 12);
    for (int i = 0; i < 200000; ++i) {
        const double v = std::pow(10.0, exponent(rng)) * (rng() & 1 ? -1 : 1);
        const int p = static_cast<int>(rng() % 10);
        INFO(formatText("%a to %d decimals", v, p));
        REQUIRE(viaPrintFixed(v, p) == printfFixed(v, p));
    }
    // Exact ties k / 2^n at every precision.
    for (int n = 1; n <= 12; ++n)
        for (int k = 1; k < 4000; k += 3) {
            const double v = std::ldexp(static_cast<double>(k), -n);
            for (int p = 0; p <= 9; ++p) REQUIRE(viaPrintFixed(v, p) == printfFixed(v, p));
        }
}

TEST_CASE("printFixed's integer path rounds decimal halves as printf does") {
    // Decimal "ties" (x.xxxx5) are no ties in binary: the side the double
    // falls on decides, as in printf; random mantissas below the path's bound.
    std::mt19937_64 rng(7);
    for (int i = 0; i < 100000; ++i) {
        const int p = static_cast<int>(rng() % 10);
        const double v = static_cast<double>(rng() % 2000000000000ULL) / std::pow(10.0, p + 1 + static_cast<int>(rng() % 4)) *
                         (rng() & 1 ? -1 : 1);
        INFO(formatText("%a to %d decimals", v, p));
        REQUIRE(viaPrintFixed(v, p) == printfFixed(v, p));
    }
}

TEST_CASE("printFixed never writes past its buffer") {
    char small[8];
    const std::size_t n = printFixed(small, sizeof small, 123456.789, 4);
    CHECK(n == 7);
    CHECK(std::string(small, n) == "123456.");
}
