// report_table.hpp - the calibration table: per scenario over `reports`
// synthetic reports, how often the engine calls what:
//   fwer-reg  reports with any metric called a regression
//   fwer      reports with any metric called regression or improvement
//   detect    metrics called in the shift's direction
//   nochange  metrics claimed "no change"
//   small     metrics called a significant change smaller than the threshold
//   incon     metrics inconclusive
//   resolved  inconclusive metrics a rerun with the units asked for settles
// The fwer columns of shifted rows are not false alarms.
#pragma once
#include "bench/verdict-calibration/synthetic.hpp"

#include <vector>

namespace mmtp::compare::calibration {

// The heading and one row per scenario.
void printReportTable(const std::vector<Scenario>& scenarios, Noise& n, int reports);

}  // namespace mmtp::compare::calibration
