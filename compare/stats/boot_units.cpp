#include "stats/boot_units.hpp"

#include "stats/unit_inference.hpp"
#include "stats/unit_moments.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>

namespace mmtp::compare {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double meanOf(std::vector<double>::const_iterator b, std::vector<double>::const_iterator e) {
    return std::accumulate(b, e, 0.0) / static_cast<double>(e - b);
}

double median(std::vector<double>& v) {
    std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<long>(mid), v.end());
    if (v.size() % 2 == 1) return v[mid];
    double upper = v[mid];
    return (*std::max_element(v.begin(), v.begin() + static_cast<long>(mid)) + upper) / 2;
}

// The mean of what is left after cutting floor(kTrimFraction * n) values from each end.
double trimmedMean(std::vector<double>& v) {
    auto cut = static_cast<long>(std::floor(kTrimFraction * static_cast<double>(v.size())));
    if (cut == 0) return meanOf(v.begin(), v.end());
    std::nth_element(v.begin(), v.begin() + cut, v.end());
    std::nth_element(v.begin() + cut, v.end() - cut, v.end());
    return meanOf(v.begin() + cut, v.end() - cut);
}

// The boot of iteration i as a grouping key.
std::string bootKey(const RunSummary& run, std::size_t i, const UnitRules& rules) {
    if (rules.iterationsAreBoots) return "iteration " + std::to_string(i);
    if (i < run.iterationBoots.size() && !run.iterationBoots[i].empty()) return run.iterationBoots[i];
    return "";  // unrecorded: the run's one boot
}

bool recordsBoots(const RunSummary& run) {
    auto n = static_cast<std::size_t>(run.extraction.iterations());
    if (n == 0 || run.iterationBoots.size() < n) return false;
    return std::none_of(run.iterationBoots.begin(), run.iterationBoots.begin() + static_cast<long>(n),
                        [](const std::string& b) { return b.empty(); });
}

}  // namespace

UnitStat defaultUnitStat() { return UnitStat::TrimmedMean; }

const char* unitStatName(UnitStat stat) {
    switch (stat) {
        case UnitStat::Median: return "median";
        case UnitStat::Mean: return "mean";
        case UnitStat::TrimmedMean: break;
    }
    return "20% trimmed mean";
}

std::optional<UnitStat> parseUnitStat(std::string_view s) {
    if (s == "trimmed") return UnitStat::TrimmedMean;
    if (s == "median") return UnitStat::Median;
    if (s == "mean") return UnitStat::Mean;
    return std::nullopt;
}

double summariseUnit(std::vector<double> values, UnitStat stat) {
    if (values.empty() || !std::all_of(values.begin(), values.end(), trustedValue)) return kNaN;
    switch (stat) {
        case UnitStat::Median: return median(values);
        case UnitStat::Mean: return meanOf(values.begin(), values.end());
        case UnitStat::TrimmedMean: break;
    }
    return trimmedMean(values);
}

std::vector<double> unitValues(const RunSummary& run, const std::string& op, const UnitRules& rules) {
    const std::vector<IterationSamples>* its = run.extraction.samples(op);
    if (!its) return {};
    std::vector<std::string> order;
    std::vector<std::vector<double>> samples;
    for (std::size_t i = 0; i < its->size(); ++i) {
        const std::vector<double>& v = (*its)[i].values;
        if (v.empty()) continue;
        std::string key = bootKey(run, i, rules);
        auto at = std::find(order.begin(), order.end(), key);
        if (at == order.end()) {
            order.push_back(key);
            samples.emplace_back();
            at = order.end() - 1;
        }
        std::vector<double>& into = samples[static_cast<std::size_t>(at - order.begin())];
        into.insert(into.end(), v.begin(), v.end());
    }
    std::vector<double> units;
    for (std::vector<double>& s : samples) units.push_back(summariseUnit(std::move(s), rules.stat));
    return units;
}

std::optional<OwnSpread> ownSpread(const RunSummary& run, const std::string& op, const UnitRules& rules) {
    const std::vector<IterationSamples>* its = run.extraction.samples(op);
    if (!its || unitValues(run, op, rules).size() != 1) return std::nullopt;
    std::vector<double> values;  // its iterations' means, or its one iteration's samples
    for (const IterationSamples& it : *its)
        if (!it.values.empty()) values.push_back(unitMoments(it.values).mean);
    if (values.size() < 2)
        for (const IterationSamples& it : *its) values.insert(values.end(), it.values.begin(), it.values.end());
    if (values.size() < 2 || !std::all_of(values.begin(), values.end(), trustedValue)) return std::nullopt;
    const UnitMoments m = unitMoments(values);
    return OwnSpread{m.var / m.n, m.n - 1};
}

UnitDesign unitDesign(const std::vector<RunSummary>& runs, const UnitRules& rules) {
    UnitDesign d;
    d.stat = rules.stat;
    if (rules.iterationsAreBoots) {
        d.kind = UnitKind::Iteration;
        return d;
    }
    d.recorded = !runs.empty() && std::all_of(runs.begin(), runs.end(), recordsBoots);
    std::set<std::string> all;
    bool severalInARun = false;
    for (const RunSummary& r : runs) {
        std::set<std::string> own;
        for (std::size_t i = 0; i < static_cast<std::size_t>(r.extraction.iterations()); ++i)
            own.insert(bootKey(r, i, rules));
        own.erase("");
        severalInARun = severalInARun || own.size() > 1;
        all.insert(own.begin(), own.end());
    }
    if (severalInARun) d.kind = UnitKind::Boot;
    else if (d.recorded && runs.size() > 1 && all.size() == 1) d.kind = UnitKind::RunShared;
    else d.kind = UnitKind::RunOwnBoot;
    return d;
}

std::string describeUnits(const UnitDesign& d) {
    std::string unit;
    switch (d.kind) {
        case UnitKind::Boot: unit = "the boot (recorded boot ids; a run's iterations in one boot are one unit)"; break;
        case UnitKind::Iteration: unit = "the iteration (--iterations-are-boots: each iteration was booted)"; break;
        case UnitKind::RunShared:
            unit = "the run (every run in one boot: repeated runs replicate, the iterations inside one do not)";
            break;
        case UnitKind::RunOwnBoot:
            unit = d.recorded ? "the run (one boot per run)"
                              : "the run (no boot records: one boot per run, as run-mmtests.sh runs its iterations;"
                                " --iterations-are-boots if each iteration was booted)";
            break;
    }
    return "unit: " + unit + "; each unit's samples: " + unitStatName(d.stat);
}

const char* unitNoun(UnitKind kind) {
    switch (kind) {
        case UnitKind::Boot: return "boots";
        case UnitKind::Iteration: return "iterations";
        case UnitKind::RunOwnBoot:
        case UnitKind::RunShared: break;
    }
    return "runs";
}

}  // namespace mmtp::compare
