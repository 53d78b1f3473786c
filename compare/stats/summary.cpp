#include "stats/summary.hpp"

#include "core/subheading_match.hpp"
#include "stats/stats.hpp"
#include "stats/subselection.hpp"

#include <algorithm>
#include <cmath>
#include <regex>
#include <stdexcept>

namespace mmtp::compare {

SummaryDefinition summaryDefinition(SummaryType type) {
    const std::vector<std::string> meanCi = {"_mean", "meanci_low-_mean", "meanci_high-_mean"};
    switch (type) {
    case SummaryType::Multiops:
        return {{"min", "_mean", "stddev-_mean", "coeffvar-_mean", "max", "_mean-95"}, meanCi};
    case SummaryType::Normalisedops:
        return {{"min", "_mean", "_mean-95", "percentile-95", "stddev-_mean", "coeffvar-_mean", "max"}, meanCi};
    case SummaryType::NormalisedLeftSkewops:
        return {{"min", "_mean", "_mean-50", "percentile-50", "_mean-75", "percentile-75", "_mean-90",
                 "percentile-90", "_mean-99", "percentile-99", "stddev-_mean", "coeffvar-_mean", "max"},
                meanCi};
    case SummaryType::Singleops:
        return {{"_value"}, {"_value"}};
    case SummaryType::Monitor:
        return {{"_mean", "max"}, meanCi};
    case SummaryType::Subselection:
        // Sub* rows: stats/subselection.hpp (seeded, where MMTests is random).
        return {{"min", "_mean", "_mean-95", "stddev-_mean", "coeffvar-_mean", "max", "submean-_mean",
                 "submeanci-_mean"},
                {"submean-_mean", "submeanci_low-_mean", "submeanci_high-_mean"}};
    }
    throw std::logic_error("unknown summary type");
}

namespace {

std::vector<std::string> filterSubheading(const std::vector<std::string>& ops,
                                          const std::optional<std::string>& subHeading, bool exact) {
    if (!subHeading || subHeading->empty()) return ops;
    if (exact) {
        std::vector<std::string> out;
        for (const std::string& op : ops)
            if (op == *subHeading) out.push_back(op);
        return out;
    }
    std::optional<SubheadingMatch> match;
    try {
        match.emplace(*subHeading);
    } catch (const std::regex_error& e) {
        throw std::runtime_error("--sub-heading '" + *subHeading + "' is not a valid regular expression");
    }
    std::vector<std::string> out;
    for (const std::string& op : ops)
        if (match->matches(op, true)) out.push_back(op);
    return out;
}

// Doubles that compare equal are the same bits, except NaN (no order at
// all) and -0.0 against 0.0 (printed apart): without those, std::sort gives
// stable_sort's order without its buffer and merges.
bool sortsAsStable(const std::vector<double>& v) {
    return std::none_of(v.begin(), v.end(), [](double x) { return std::isnan(x) || (x == 0 && std::signbit(x)); });
}

template <typename Order>
void sortUnits(std::vector<double>& units, Order order) {
    if (sortsAsStable(units)) std::sort(units.begin(), units.end(), order);
    else std::stable_sort(units.begin(), units.end(), order);
}

std::vector<double> sortedUnits(const RunSummary& run, const std::string& op, StatCache& cache) {
    std::vector<double> units = run.extraction.allValues(op);
    if (run.preferHigher) {
        sortUnits(units, std::greater<>());
        cache.descending = true;
    } else {
        sortUnits(units, std::less<>());
        cache.ascending = true;
    }
    return units;
}

bool usesSubselection(const SummaryDefinition& d) {
    auto sub = [](const std::string& f) { return f.rfind("submean", 0) == 0; };
    return std::any_of(d.stats.begin(), d.stats.end(), sub) || std::any_of(d.ratioStats.begin(), d.ratioStats.end(), sub);
}

// Stat.pm _calc_submean_ci's save_stats: the Sub* statistics of op, from its
// per-iteration samples, cached for runStatFunc.
void cacheSubselection(const RunSummary& run, const std::string& op, StatCache& cache) {
    std::vector<std::vector<double>> iterations;
    if (const auto* samples = run.extraction.samples(op))
        for (const IterationSamples& it : *samples) iterations.push_back(it.values);
    const std::string mean = run.preferHigher ? "hmean" : "amean";
    SubselectionEstimate e = subselectionEstimate(iterations, run.preferHigher, 0.05);
    cache.saved["submean-" + mean] = e.mean;
    cache.saved["submeanci-" + mean] = e.halfLength;
    cache.saved["submeanci_low-" + mean] = e.mean - e.halfLength;
    cache.saved["submeanci_high-" + mean] = e.mean + e.halfLength;
}

}  // namespace

std::vector<std::string> RunSummary::summaryOps(const std::optional<std::string>& subHeading) const {
    return filterSubheading(extraction.operations(), subheadingSelectsOps ? subHeading : std::nullopt, exactSubheading);
}

std::vector<std::string> RunSummary::ratioSummaryOps(const std::optional<std::string>& subHeading) const {
    const auto& ratioOps = extraction.ratioOperations();
    return filterSubheading(ratioOps ? *ratioOps : extraction.operations(),
                            subheadingSelectsOps ? subHeading : std::nullopt, exactSubheading);
}

void RunSummary::summarise(const std::optional<std::string>& subHeading) {
    values.clear();
    ci.clear();
    comparisonStatIndex.reset();
    std::vector<std::string> ciFuncs;
    if (definition.ratioStats.size() == 3) {
        auto it = std::find(definition.stats.begin(), definition.stats.end(), definition.ratioStats[0]);
        if (it != definition.stats.end()) {
            ciFuncs = {definition.ratioStats[1], definition.ratioStats[2]};
            comparisonStatIndex = static_cast<std::size_t>(it - definition.stats.begin());
        }
    }
    for (const std::string& op : summaryOps(subHeading)) {
        StatCache cache;
        std::vector<double> units = sortedUnits(*this, op, cache);
        if (usesSubselection(definition)) cacheSubselection(*this, op, cache);
        std::vector<double>& row = values[op];
        for (const std::string& func : definition.stats) row.push_back(runStatFunc(func, units, cache, preferHigher));
        if (ciFuncs.size() == 2) {
            double lo = runStatFunc(ciFuncs[0], units, cache, preferHigher);
            double hi = runStatFunc(ciFuncs[1], units, cache, preferHigher);
            if (!std::isnan(lo) && !std::isnan(hi)) ci[op] = {lo, hi};
        }
    }
}

void RunSummary::summariseRatio(const std::optional<std::string>& subHeading) {
    values.clear();
    ci.clear();
    for (const std::string& op : ratioSummaryOps(subHeading)) {
        StatCache cache;
        std::vector<double> units = sortedUnits(*this, op, cache);
        if (usesSubselection(definition)) cacheSubselection(*this, op, cache);
        std::vector<double> v;
        for (const std::string& func : definition.ratioStats) v.push_back(runStatFunc(func, units, cache, preferHigher));
        values[op] = {v[0]};
        if (v.size() == 3 && !std::isnan(v[1]) && !std::isnan(v[2])) ci[op] = {v[1], v[2]};
    }
}

}  // namespace mmtp::compare
