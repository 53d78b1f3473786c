// page.hpp - compare-kernels' last stage: the runs of every benchmark,
// loaded and compared once (kernels/report.cpp), written out as the
// text report, the HTML page and the JSON export. Each rendering reads the
// same data; none reads a log (the monitor charts are loaded with the
// benchmark too, kernels/charts/monitor_charts.hpp).
#pragma once
#include "kernels/model.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

// The heading of --verdict lkp's one table across benchmarks (text and HTML).
inline constexpr const char* kLkpAcrossTitle = "LKP comparison across benchmarks";
// The text report's first block (the verdicts) and the heading that ends it:
// what follows is compare-kernels.sh's report, line for line.
inline constexpr const char* kVerdictHeading = "=== compare-kernels verdict (mmtests-plugins) ===";
inline constexpr const char* kShReportHeading = "=== MMTests compare-kernels.sh report ===";

// The verdicts first (when there are any, ended by kShReportHeading), then
// compare-kernels.sh's report, then ours.
std::string renderKernelsText(const KernelsOptions& options, const KernelsData& data);
// --format mail: the verdicts and the state differences, <= 80 columns of ASCII.
std::string renderKernelsMail(const KernelsOptions& options, const KernelsData& data);
// One self-contained page; every string from the log tree or the command
// line goes through escapeHtml.
std::string renderKernelsHtml(const KernelsOptions& options, const KernelsData& data, std::ostream& err);
// Invalid UTF-8 from the tree is replaced by U+FFFD, with one warning on err.
std::string renderKernelsJson(const KernelsOptions& options, const KernelsData& data, std::ostream& err);

}  // namespace mmtp::compare
