// verdict_text.hpp - the verdict tables of tables/verdict.hpp as the text
// compare-kernels prints (and the HTML page shows, escaped, in <pre>).
#pragma once
#include "stats/bisect_position.hpp"
#include "tables/verdict.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace mmtp::compare {

// The runs' roles in one line: "A/B/A: A1 x, B y, A2 z" or "y against x".
std::string rolesLine(const RunVerdict& v);
// "1 regression, 0 improvements, 17 no change, 2 inconclusive (of 20 metrics)".
std::string callCounts(const CallFamily& family);
// The statistic each change is of, and the intervals' levels and family.
std::string statisticLine(const RunVerdict& v);
// The level each claim is tested at: the calls' family-wise intervals, no
// change's per-metric 90 % one.
std::string levelsText(const CallFamily& family);
// The metrics shown outside the family, one line with the largest changes; "" without.
std::string contextText(const RunVerdict& v);
// The rules, one parenthesised line: what a call, a small change and no change need.
std::string rulesText(const CallFamily& family, bool drift);
// The units on each side of a verdict: the most any of its metrics had.
struct UnitsPerSide {
    std::size_t base = 0, now = 0;
};
UnitsPerSide unitsPerSide(const RunVerdict& v);
// Why a metric is inconclusive and what would settle it (units: what a
// rerun adds); for a small change what it is; "" for a call or no change.
std::string undecidedText(const MetricCall& row, UnitKind units);
// Metrics without an interval for one reason, when more than a few: one line
// each with the count and the largest point changes (renderVerdict lists the
// rest).
std::vector<std::string> collapsedReasons(const RunVerdict& v);

// One comparison: its roles, statistic, one row per metric (change, the
// interval its call was tested by, drift in A/B/A, the call), the counts last.
std::string renderVerdict(const std::string& bench, const RunVerdict& v);

// --bisect --good/--bad: where one candidate lies, per metric.
std::string renderBisect(const std::string& bench, const std::string& candidate, const std::vector<std::string>& runs,
                         const std::vector<BisectPosition>& positions, double confidence);

// "" when the table has no blocks (fewer than two runs).
std::string renderTwoBaselines(const std::string& bench, const TwoBaselinesTable& table);

// "base ±stddev%  %change  new ±stddev%  call  metric" rows, one table per
// later run, each across every benchmark (mergeLkpTables: metrics
// "BENCH.op"); like LKP only the rows that are calls unless all. boxed: seed
// 002's "mainline | +patch | %change" layout.
std::string renderLkp(const std::vector<LkpTable>& tables, bool all = false, bool boxed = false);

// The RFC's "mode iters us/iter iter/sec" table, one row per run; "" without rows.
std::string renderRfc(const std::string& bench, const std::vector<RfcRow>& rows);

}  // namespace mmtp::compare
