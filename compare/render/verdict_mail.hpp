// verdict_mail.hpp - --format mail's verdicts: plain ASCII of at most 80
// columns, short enough to paste under a patch. Each metric listed shows the
// absolute values of both sides (the verdict's statistic, with its unit), the
// change with its interval and the call; the metrics that did not change are
// counted in one line with their widest interval. The header (runs, machine,
// what differs) is kernels/mail.cpp's.
#pragma once
#include "tables/verdict.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace mmtp::compare {

inline constexpr std::size_t kMailWidth = 80;
// Metrics listed per comparison (the most telling first); the rest are counted.
inline constexpr std::size_t kMailRowsShown = 16;
// Two-baseline blocks (one per operation) listed; the rest are counted.
inline constexpr std::size_t kMailBlocksShown = 8;

// A metric's unit, for a metric name: "" when unknown.
using UnitOf = std::function<std::string(const std::string& op)>;

// Plain ASCII (anything else, a control character from a tree included,
// shows as '?'), every line at most width columns: a longer one is broken at
// a blank and continued indented.
std::string mailWrapped(const std::string& text, std::size_t width = kMailWidth);
// A short unit ("kops/s" for MMTests' KOPS_PER_SECOND, "us" for
// TIME_USECONDS); an unknown unit as given, at most 8 characters.
std::string mailUnit(const std::string& unit);
// A value in at most 9 characters ("1000123", "12.35", "0.0912", "1.2e+12").
std::string mailValue(double x);

// One comparison's calls (A/B/A, A/B/A/B or against the first).
std::string mailVerdict(const std::string& bench, const RunVerdict& v);
// An operation's short name for a table's heading ("70/30 read"), or the
// operation itself when the benchmark has none.
using LabelOf = std::function<std::string(const std::string& op)>;
// Seed 004's table, a line per run within 80 columns: mean and stdev, % against
// each baseline, the job's CPU, and the 95 % interval against the first.
std::string mailTwoBaselines(const std::string& bench, const TwoBaselinesTable& t, const UnitOf& unitOf,
                             const LabelOf& labelOf = {});
// LKP's tables: the called rows (all with all), the others counted.
std::string mailLkp(const std::vector<LkpTable>& tables, bool all, const UnitOf& unitOf);
// Seed 001's RFC table: us/iter per run against the first run's.
std::string mailRfc(const std::string& bench, const std::vector<RfcRow>& rows);

}  // namespace mmtp::compare
