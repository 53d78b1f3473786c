// render.hpp - PrintGeneric.pm (text) and PrintHtml.pm (html) for a
// ComparisonReport: each cell through its column's printf format.
#pragma once
#include "tables/comparison.hpp"

#include <string>

namespace mmtp::compare {

enum class OutputFormat { Text, Html };

std::string renderReport(const ComparisonReport& report, OutputFormat format);

}  // namespace mmtp::compare
