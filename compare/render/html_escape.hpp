// html_escape.hpp - the one escape for every string that reaches the HTML
// report or its inline SVG (run, benchmark and operation names, titles,
// verdict text, machine state): element content and quoted attributes alike.
#pragma once
#include <string>
#include <string_view>

namespace mmtp::compare {

// & < > " ' as character references; everything else unchanged, so names
// without those characters print exactly as MMTests prints them.
std::string escapeHtml(std::string_view text);

}  // namespace mmtp::compare
