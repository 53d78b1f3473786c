// verdict_text.hpp - the verdict tables of tables/verdict.hpp as the text
// compare-kernels prints (and the HTML page shows, escaped, in <pre>).
#pragma once
#include "tables/verdict.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// The table, its test stated in a footer, and the summary line
// "N rows tested, K exceed (raw), J significant after Holm at alpha 0.05";
// note (when not empty) is printed under the title.
std::string renderAba(const std::string& bench, const std::string& a1, const std::string& b, const std::string& a2,
                      const AbaTable& table, const std::string& note = "");

// "" when the table has no blocks (fewer than two runs).
std::string renderTwoBaselines(const std::string& bench, const TwoBaselinesTable& table);

// "base ±stddev%  %change  new ±stddev%  metric" rows, one table per later
// run, each across every benchmark (mergeLkpTables: metrics "BENCH.op").
std::string renderLkp(const std::vector<LkpTable>& tables);

// The RFC's "mode iters us/iter iter/sec" table, one row per run; "" without rows.
std::string renderRfc(const std::string& bench, const std::vector<RfcRow>& rows);

}  // namespace mmtp::compare
