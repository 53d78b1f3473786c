#include "kernels/table_vs_verdict.hpp"

#include "base/text_format.hpp"
#include "stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace mmtp::compare {

using mmtp::formatText;

namespace {

const RunSummary* runNamed(const BenchmarkResults& b, const std::string& name) {
    auto r = std::find_if(b.runs.begin(), b.runs.end(), [&name](const RunSummary& x) { return x.testName == name; });
    return r == b.runs.end() ? nullptr : &*r;
}

// The row of the table the changes are read from: the comparison statistic
// (the one with an interval), else the mean or the one value.
std::optional<std::size_t> headlineRow(const RunSummary& r) {
    if (r.comparisonStatIndex) return r.comparisonStatIndex;
    const std::vector<std::string>& stats = r.definition.stats;
    for (const char* want : {"_mean", "_value"}) {
        auto at = std::find(stats.begin(), stats.end(), want);
        if (at != stats.end()) return static_cast<std::size_t>(at - stats.begin());
    }
    return std::nullopt;
}

std::optional<double> rowValue(const RunSummary& r, const std::string& op, std::size_t row) {
    auto v = r.values.find(op);
    if (v == r.values.end() || row >= v->second.size() || !std::isfinite(v->second[row])) return std::nullopt;
    return v->second[row];
}

// "the best sample" (a Singleops row: the best of every sample), else "the Amean of the samples".
std::string rowName(const RunSummary& r, std::size_t row) {
    const std::string& stat = r.definition.stats[row];
    if (stat == "_value") return "the best sample";
    return "the " + statName(stat, r.preferHigher, r.opName) + " of the samples";
}

bool opposite(double a, double b) { return std::isfinite(a) && std::isfinite(b) && a * b < 0; }

}  // namespace

std::vector<SignDisagreement> signDisagreements(const BenchmarkResults& b, const RunVerdict& v) {
    const RunSummary* base = runNamed(b, v.design == RunVerdict::Design::Interleaved ? v.baseGroup.front() : v.base);
    const RunSummary* now = runNamed(b, v.design == RunVerdict::Design::Interleaved ? v.nowGroup.front() : v.now);
    if (!base || !now) return {};
    std::optional<std::size_t> row = headlineRow(*base);
    if (!row) return {};
    std::vector<SignDisagreement> out;
    for (const MetricCall& m : v.family.rows) {
        std::optional<double> x = rowValue(*base, m.op, *row), y = rowValue(*now, m.op, *row);
        if (!x || !y || *x == 0) continue;
        double tablePct = (*y / *x - 1) * 100;
        if (!opposite(tablePct, m.change.changePct)) continue;
        // Two noises of opposite sign within the threshold tell the reader nothing.
        if (std::max(std::fabs(tablePct), std::fabs(m.change.changePct)) < m.thresholdPct) continue;
        out.push_back({m.op, rowName(*base, *row), base->testName, now->testName, tablePct, m.change.changePct});
    }
    return out;
}

std::string disagreementLines(const std::vector<SignDisagreement>& found, const RunVerdict& v) {
    std::string out;
    for (std::size_t i = 0; i < found.size() && i < kDisagreementsSaid; ++i) {
        const SignDisagreement& s = found[i];
        out += formatText(
                   "  note: %s is %+.2f%% in MMTests' table (%s, %s against %s) but %+.2f%% "
                   "in the verdict (the mean over %s of each one's %s%s): different statistics",
                   s.op.c_str(), s.tablePct, s.tableStat.c_str(), s.tableNow.c_str(), s.tableBase.c_str(), s.verdictPct,
                   unitNoun(v.units.kind), unitStatName(v.units.stat),
                   v.design == RunVerdict::Design::AgainstFirst ? "" : ", every base run together") +
               "\n";
    }
    if (found.size() > kDisagreementsSaid)
        out += formatText("  note: %zu more metrics change the other way in MMTests' table\n",
                          found.size() - kDisagreementsSaid);
    return out;
}

}  // namespace mmtp::compare
