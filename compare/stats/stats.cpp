#include "stats/stats.hpp"

#include "core/perl_scalar.hpp"
#include "stats/r_qnorm.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace mmtp::compare {

namespace {

const double kNaN = std::nan("");

double perlDivide(double a, double b) {
    if (b == 0) throw IllegalDivisionByZero();
    return a / b;
}

double cachedOrCompute(const std::string& meanName, const std::vector<double>& data, StatCache* cache) {
    if (cache) {
        auto it = cache->saved.find(meanName);
        if (it != cache->saved.end()) return it->second;
    }
    return meanName == "hmean" ? calcHmean(data, cache) : calcAmean(data, cache);
}

// int($n * $arg / 100), at least 1: how many of the best samples to use.
std::size_t bestCount(std::size_t n, double arg) {
    double c = std::trunc(static_cast<double>(n) * arg / 100);
    return c < 1 ? 1 : static_cast<std::size_t>(c);
}

std::pair<std::string, std::string> splitFirstDash(const std::string& s) {
    std::size_t d = s.find('-');
    if (d == std::string::npos) return {s, ""};
    std::size_t e = s.find('-', d + 1);
    return {s.substr(0, d), s.substr(d + 1, e == std::string::npos ? std::string::npos : e - d - 1)};
}

}  // namespace

double calcMin(const std::vector<double>& data, const StatCache* cache) {
    if (data.empty()) return kNaN;
    if (cache && cache->ascending) return data.front();
    if (cache && cache->descending) return data.back();
    double m = data.front();
    for (double v : data) if (v < m) m = v;
    return m;
}

double calcMax(const std::vector<double>& data, const StatCache* cache) {
    if (data.empty()) return kNaN;
    if (cache && cache->ascending) return data.back();
    if (cache && cache->descending) return data.front();
    double m = data.front();
    for (double v : data) if (v > m) m = v;
    return m;
}

double calcAmean(const std::vector<double>& data, StatCache* cache) {
    double sum = 0;
    for (double v : data) sum += v;
    double mean = data.empty() ? kNaN : sum / static_cast<double>(data.size());
    if (cache) cache->saved["amean"] = mean;
    return mean;
}

double calcHmean(const std::vector<double>& data, StatCache* cache) {
    double sum = 0;
    double n = 0;
    for (double v : data) {
        if (v > 0) {
            sum += 1 / v;
            n++;
        } else {
            n = kNaN;
            break;
        }
    }
    double mean = (n == 0) ? kNaN : perlDivide(n, sum);
    if (cache) cache->saved["hmean"] = mean;
    return mean;
}

double calcGeomean(const std::vector<double>& data) {
    if (data.empty()) return kNaN;
    double mult = 1;
    for (double v : data) mult *= v;
    return std::pow(mult, 1.0 / static_cast<double>(data.size()));
}

double calcStddev(const std::string& meanName, const std::vector<double>& data, StatCache* cache) {
    double mean = cachedOrCompute(meanName, data, cache);
    double stddev;
    if (std::isnan(mean)) {
        stddev = kNaN;
    } else {
        double diff = 0;
        for (double v : data) {
            double d = meanName == "amean" ? v - mean : perlDivide(1, v) - 1 / mean;
            diff += std::pow(d, 2);
        }
        std::size_t n = data.size();
        if (n <= 1) stddev = kNaN;
        else if (meanName == "amean") stddev = std::sqrt(diff / static_cast<double>(n - 1));
        else stddev = std::sqrt(diff * std::pow(mean, 4) / static_cast<double>(n));
    }
    if (cache) cache->saved["stddev-" + meanName] = stddev;
    return stddev;
}

double calcCoeffvar(const std::string& meanName, const std::vector<double>& data, StatCache* cache) {
    double mean = cachedOrCompute(meanName, data, cache);
    double stddev;
    auto it = cache ? cache->saved.find("stddev-" + meanName) : decltype(cache->saved.end()){};
    if (cache && it != cache->saved.end()) stddev = it->second;
    else stddev = calcStddev(meanName, data, cache);
    if (std::isnan(stddev)) stddev = 0;
    if (std::isnan(mean)) mean = 0;
    return mean != 0 ? stddev * 100 / mean : 0;
}

namespace {

// Stat.pm binsearch_pos_num: the index binary search lands on (any of equal
// values, not necessarily the first), or where target would be inserted.
long binsearchPosNum(double target, const std::vector<double>& data) {
    long low = 0, high = static_cast<long>(data.size()) - 1;
    while (low <= high) {
        long mid = (low + high) / 2;
        if (data[static_cast<std::size_t>(mid)] < target) low = mid + 1;
        else if (data[static_cast<std::size_t>(mid)] > target) high = mid - 1;
        else return mid;
    }
    return low;
}

double boundOf(const std::string& text) {
    if (!looksLikeNumber(text)) throw StatDied("Only numbers allowed");
    return numify(text);
}

}  // namespace

double calcSamples(const std::string& arg, const std::vector<double>& data) {
    if (arg.empty()) return static_cast<double>(data.size());
    std::size_t comma = arg.find(',');
    std::string lowText = arg.substr(0, comma);
    std::string highText = comma == std::string::npos ? "" : arg.substr(comma + 1, arg.find(',', comma + 1) - comma - 1);
    double low, high;
    if (lowText == "min") {
        if (data.empty()) throw StatDied("Only numbers allowed");
        low = data.front();
        high = boundOf(highText);
    } else {
        low = boundOf(lowText);
        if (highText == "max") {
            if (data.empty()) throw StatDied("Only numbers allowed");
            high = data.back();
        } else {
            high = boundOf(highText);
        }
    }
    long lowIdx = binsearchPosNum(low, data);
    long highIdx = binsearchPosNum(high, data);
    if (highIdx == static_cast<long>(data.size()) || data[static_cast<std::size_t>(highIdx)] > high) --highIdx;
    return static_cast<double>(highIdx - lowIdx + 1);
}

double calcSamplespct(const std::string& arg, const std::vector<double>& data) {
    return perlDivide(calcSamples(arg, data) * 100, static_cast<double>(data.size()));
}

std::pair<double, double> calcMeanCi(const std::string& meanName, double alpha,
                                     const std::vector<double>& data, StatCache* cache) {
    double mean = cachedOrCompute(meanName, data, cache);
    double stddev;
    if (std::isnan(mean)) {
        stddev = kNaN;
    } else if (cache && cache->saved.count("stddev-" + meanName)) {
        stddev = cache->saved["stddev-" + meanName];
    } else {
        stddev = calcStddev(meanName, data, cache);
    }
    double q = qnormHalfWidthAsPrinted(alpha, stddev);
    if (cache) {
        cache->saved["meanci-" + meanName] = q;
        cache->saved["meanci_low-" + meanName] = mean - q;
        cache->saved["meanci_high-" + meanName] = mean + q;
    }
    return {mean - q, mean + q};
}

double runStatFunc(const std::string& funcIn, const std::vector<double>& data, StatCache& cache,
                   bool preferHigher) {
    const double alpha = 0.05;
    if (funcIn == "_value") return data.empty() ? kNaN : data.front();
    const std::string mean = preferHigher ? "hmean" : "amean";
    std::string func = funcIn;
    if (func.rfind("_mean", 0) == 0) func = mean + func.substr(5);
    if (auto it = cache.saved.find(func); it != cache.saved.end()) return it->second;

    const auto parts = splitFirstDash(func);
    const std::string name = parts.first;
    std::string arg = parts.second;
    if (arg.rfind("_mean", 0) == 0) arg = mean + arg.substr(5);
    if (name == "stddev") return calcStddev(arg, data, &cache);
    if (name == "coeffvar") return calcCoeffvar(arg, data, &cache);
    if (name == "meanci") {
        auto [lo, hi] = calcMeanCi(arg, alpha, data, &cache);
        return (hi - lo) / 2;
    }
    if (name == "meanci_low") return calcMeanCi(arg, alpha, data, &cache).first;
    if (name == "meanci_high") return calcMeanCi(arg, alpha, data, &cache).second;
    if (name == "percentile") {
        std::size_t count = bestCount(data.size(), numify(arg));
        return count <= data.size() ? data[count - 1] : kNaN;
    }
    // Summarise.pm calls calc_<name> in its own package, and Stat.pm does not
    // export calc_samples: every "samples" statistic dies there (the ftrace
    // modules' summaries), and compare-mmtests.pl drops that run.
    if (name == "samples") throw StatDied("Undefined subroutine &MMTests::Summarise::calc_samples called");
    if (name == "samplespct") return calcSamplespct(arg, data);
    if (name.rfind("submean", 0) == 0) {
        // Computed from per-iteration samples, which data no longer holds.
        if (auto it = cache.saved.find(name + "-" + arg); it != cache.saved.end()) return it->second;
        throw std::runtime_error("summary statistic '" + funcIn + "' needs the per-iteration samples");
    }
    if (name.rfind("percentileci", 0) == 0)
        throw std::runtime_error("summary statistic '" + funcIn + "' is not supported");
    auto apply = [&](const std::vector<double>& d, StatCache* c) {
        if (name == "min") return calcMin(d, c);
        if (name == "max") return calcMax(d, c);
        if (name == "amean") return calcAmean(d, c);
        if (name == "hmean") return calcHmean(d, c);
        throw std::runtime_error("unknown summary statistic '" + funcIn + "'");
    };
    if (numify(arg) > 0) {
        std::size_t count = bestCount(data.size(), numify(arg));
        std::vector<double> best(data.begin(), data.begin() + static_cast<long>(std::min(count, data.size())));
        return apply(best, nullptr);
    }
    return apply(data, &cache);
}

std::string statName(const std::string& sumopIn, bool preferHigher, const std::string& opName) {
    static const std::map<std::string, std::string> kNames = {
        {"min", "Min"}, {"max", "Max"}, {"amean", "Amean"}, {"hmean", "Hmean"},
        {"meanci-amean", "AmeanCI"}, {"meanci_low-amean", "AmeanCI-Low"}, {"meanci_high-amean", "AmeanCI-High"},
        {"meanci-hmean", "HmeanCI"}, {"meanci_low-hmean", "HmeanCI-Low"}, {"meanci_high-hmean", "HmeanCI-High"},
        {"submean-amean", "SubAmean"}, {"submeanci-amean", "SubAmeanCI"},
        {"submean-hmean", "SubHmean"}, {"submeanci-hmean", "SubHmeanCI"},
        {"amean-", "BAmean.%d"}, {"hmean-", "BHmean.%d"},
        {"stddev-amean", "Stddev"}, {"stddev-hmean", "HStddev"},
        {"coeffvar-amean", "CoeffVar"}, {"coeffvar-hmean", "HCoeffVar"},
        {"percentile-99.9", "Pctile.99.9"}, {"percentile-99.99", "Pctile.99.99"},
        {"percentile-", "Pctile.%d"}, {"samples", "Samples"},
    };
    const std::string mean = preferHigher ? "hmean" : "amean";
    std::string sumop = sumopIn;
    if (sumop.rfind("_value", 0) == 0) sumop = opName + sumop.substr(6);
    if (sumop.rfind("_mean", 0) == 0) sumop = mean + sumop.substr(5);
    if (std::size_t p = sumop.find("-_mean"); p != std::string::npos) sumop.replace(p, 6, "-" + mean);
    if (auto it = kNames.find(sumop); it != kNames.end()) return it->second;
    auto [name, value] = splitFirstDash(sumop);
    auto it = kNames.find(name + "-");
    if (it == kNames.end()) return sumop;
    // sprintf("BAmean.%d", "95")
    std::string fmt = it->second;
    std::size_t pct = fmt.find("%d");
    return fmt.substr(0, pct) + std::to_string(static_cast<long long>(std::trunc(numify(value)))) + fmt.substr(pct + 2);
}

double pdiff(double value, double base) {
    if (value == base || value == 0) return 0;
    if (base == 0 || std::isnan(base)) return 100;
    return value * 100 / base - 100;
}

double pndiff(double value, double base) {
    if (value == base) return 0;
    if (value == 0) return 100;
    if (base == 0 && value != 0) return -99;
    return 100 - (value * 100 / base);
}

double applyCompare(CompareFn fn, double value, double base) {
    return fn == CompareFn::Pdiff ? pdiff(value, base) : pndiff(value, base);
}

CompareFn statCompareFunc(const std::string& sumop, bool preferHigher) {
    std::string name = splitFirstDash(sumop).first;
    if (name == "stddev" || name == "coeffvar" || name == "submeanci") return CompareFn::Pndiff;
    if (name == "samples") return CompareFn::Pdiff;
    return preferHigher ? CompareFn::Pdiff : CompareFn::Pndiff;
}

double rdiff(double value, double base) {
    if (base == 0 || std::isnan(base)) return 0;
    if (value == 0 || std::isnan(value)) return 1;
    return value / base;
}

double cidiff(double value, const std::vector<double>& valueCi, double base, const std::vector<double>& baseCi) {
    auto at = [](const std::vector<double>& v, std::size_t i) { return i < v.size() ? v[i] : 0.0; };
    double diff = value - base;
    double cisum;
    if (value < base) cisum = at(valueCi, 1) - value + base - at(baseCi, 0);
    else cisum = value - at(valueCi, 0) + at(baseCi, 1) - base;
    if (cisum == 0) return diff;
    return diff / cisum;
}

}  // namespace mmtp::compare
