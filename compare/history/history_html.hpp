// history_html.hpp - a history as an HTML page (results-store history
// --html FILE): per series an inline SVG chart, each run's iteration means
// as points over the runs in the history's order, the runs' means joined,
// every change point a dashed line before its first run, labelled with the
// shift; the y axis names the metric's unit. Under each chart, the text
// table (printHistory). Every name from a tree or store is escaped.
#pragma once
#include "history/history.hpp"

#include <map>
#include <string>

namespace mmtp::compare::store {

// units: the benchmark's shellpack.yaml metric units (metricUnits), may be empty.
std::string historyChartSvg(const HistoryRequest& request, const Series& series,
                            const std::vector<ChangePoint>& changes, const std::string& unit);

std::string historyHtml(const HistoryRequest& request, const std::vector<Series>& series, bool higherIsBetter,
                        bool bisect, const std::map<std::string, std::string>& units);

}  // namespace mmtp::compare::store
