// verdict_html.hpp - the verdicts of tables/verdict.hpp as HTML tables: the
// A/B/A one with its significant rows highlighted and its test stated under
// it. Every name goes through escapeHtml.
#pragma once
#include "tables/verdict.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// One comparison's calls (render/verdict_text.hpp's renderVerdict as a
// table); a row's class is its call, so colour follows calls, never a point
// estimate.
std::string renderVerdictHtml(const std::string& bench, const RunVerdict& verdict);

// "" when the table has no blocks (fewer than two runs).
std::string renderTwoBaselinesHtml(const std::string& bench, const TwoBaselinesTable& table);
std::string renderLkpHtml(const std::vector<LkpTable>& tables);
std::string renderRfcHtml(const std::string& bench, const std::vector<RfcRow>& rows);

}  // namespace mmtp::compare
