#include "stats/r_qnorm.hpp"

#include "core/perl_scalar.hpp"

#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace mmtp::compare {

namespace {

constexpr int kDigits = 7;  // R's default getOption("digits")

struct SciParts {
    int kpower;  // decimal exponent
    int nsig;    // significant digits needed (<= kDigits)
    bool roundingWidens;
};

// R's scientific() from src/main/format.c for |x| > 0, digits = 7.
SciParts scientific(double r) {
    static const long double tbl[] = {1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L};
    int kp = static_cast<int>(std::floor(std::log10(r))) - kDigits + 1;
    long double rPrec = r;
    if (std::abs(kp) < 10) {
        if (kp > 0) rPrec /= tbl[kp];
        else if (kp < 0) rPrec *= tbl[-kp];
    } else if (kp <= -308) {
        rPrec = (static_cast<long double>(r) * 1e+303L) / std::pow(10.0L, kp + 303);
    } else {
        rPrec /= std::pow(10.0L, static_cast<long double>(kp));
    }
    if (rPrec < tbl[kDigits - 1]) {
        rPrec *= 10.0L;
        kp--;
    }
    double alpha = static_cast<double>(std::nearbyint(rPrec));
    int nsig = kDigits;
    for (int j = 1; j <= kDigits; j++) {
        alpha /= 10.0;
        if (alpha == std::floor(alpha)) nsig--;
        else break;
    }
    if (nsig == 0) {
        nsig = 1;
        kp += 1;
    }
    int kpower = kp + kDigits - 1;
    int rgt = kDigits - kpower;
    rgt = rgt < 0 ? 0 : rgt > 9 ? 9 : rgt;
    double fuzz = 0.5 / static_cast<double>(tbl[rgt]);
    bool widens = kpower > 0 && kpower <= 9 && r < static_cast<double>(tbl[kpower]) - fuzz;
    return {kpower, nsig, widens};
}

}  // namespace

double roundTripThroughRPrint(double x) {
    if (std::isnan(x) || std::isinf(x) || x == 0) return x;
    bool neg = x < 0;
    SciParts p = scientific(std::fabs(x));
    // formatReal: fixed notation unless it is wider than scientific.
    int left = p.kpower + 1;
    if (p.roundingWidens) left--;
    int sleft = (neg ? 1 : 0) + (left <= 0 ? 1 : left);
    int rgt = p.nsig - p.kpower - 1;
    if (rgt < 0) rgt = 0;
    int wF = sleft + rgt + (rgt != 0 ? 1 : 0);
    int e = (p.kpower >= 100 || p.kpower <= -99) ? 2 : 1;
    int d = p.nsig - 1;
    int wE = (neg ? 1 : 0) + (d > 0 ? 1 : 0) + d + 4 + e;
    char buf[128];
    if (wF <= wE) std::snprintf(buf, sizeof buf, "%.*f", rgt, x);
    else std::snprintf(buf, sizeof buf, "%.*e", d, x);
    return numify(buf);
}

double qnormHalfWidthAsPrinted(double alpha, double sd) {
    // Perl interpolates the stddev into R's command line with "%.15g".
    double sdAsPassed = numify(stringify(sd));
    if (std::isnan(sdAsPassed)) return std::nan("");
    if (sdAsPassed == 0) return 0;
    double p = 1 - alpha / 2;  // evaluated by R in double precision
    boost::math::normal_distribution<double> standard(0.0, 1.0);
    double q = sdAsPassed * boost::math::quantile(standard, p);
    return roundTripThroughRPrint(q);
}

}  // namespace mmtp::compare
