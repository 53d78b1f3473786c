// svg_chart.hpp - inline SVG graphs for the HTML report (no gnuplot): per
// operation, one candlestick per run (whiskers min..max, box mean +- stddev,
// tick at the mean), scaled to the baseline's mean so every operation of a
// benchmark shares one axis, as MMTests' candlestick graphs compare runs.
#pragma once
#include "stats/summary.hpp"

#include <string>
#include <vector>

namespace mmtp::compare {

// At most maxOps operations are drawn (the caption says when some were left
// out). Every name is escaped with escapeHtml.
std::string candlestickSvg(const std::string& title, const std::vector<RunSummary>& runs,
                           const std::vector<std::string>& ops, std::size_t maxOps = 40);

}  // namespace mmtp::compare
