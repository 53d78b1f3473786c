// verdict_html.hpp - the A/B/A verdict of tables/verdict.hpp as an HTML
// table: significant rows highlighted, the test stated under it. Every name
// goes through escapeHtml.
#pragma once
#include "tables/verdict.hpp"

#include <string>

namespace mmtp::compare {

std::string renderAbaHtml(const std::string& bench, const std::string& a1, const std::string& b, const std::string& a2,
                          const AbaTable& table, const std::string& note = "");

}  // namespace mmtp::compare
