// svg_sample_strips.hpp - every sample of a benchmark's operations in log
// order, iteration by iteration, one line per run: whether one iteration (or
// one sample) is an outlier shows, which a candlestick's min..max hides.
#pragma once
#include "stats/summary.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace mmtp::compare {

// One chart per operation, the first maxOps of ops (a note on the last says
// how many more there are); "" without samples. units: metric -> unit.
std::string sampleStripChartsSvg(const std::string& benchmark, const std::vector<RunSummary>& runs,
                                 const std::vector<std::string>& ops, const std::map<std::string, std::string>& units,
                                 std::size_t maxOps = 6);

}  // namespace mmtp::compare
