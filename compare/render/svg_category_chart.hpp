// svg_category_chart.hpp - one chart of a benchmark's results: operations
// (or client counts) along x, absolute values along y, every run drawn at
// each, as candlesticks (whiskers min..max, box mean +- stddev, tick at the
// mean), error lines (mean with +- stddev bars) or lines (means).
#pragma once
#include <cmath>
#include <string>
#include <vector>

namespace mmtp::compare {

enum class CategoryStyle { Candlesticks, ErrorLines, Lines };

struct CategoryValue {
    double min = NAN, mean = NAN, stddev = NAN, max = NAN;  // NaN mean: the run has no sample
};

struct CategoryChart {
    std::string title;                             // wrapped, never cut
    std::string xLabel, yLabel;                    // axis titles ("" for none)
    std::vector<std::string> runs;                 // colour order; the legend names those with a value
    std::vector<std::string> categories;           // x positions
    std::vector<std::vector<CategoryValue>> values;  // [category][run]
    CategoryStyle style = CategoryStyle::Candlesticks;
    std::vector<std::string> notes;                // printed under the chart
    bool nonNegative = false;  // a latency, time or rate: boxes, bars and the axis stop at 0 (mean - stddev may not)
};

// A self-contained <svg> whose viewBox holds every element: widths grow with
// the categories and their labels, long names wrap. Text is escaped. A run
// without a value in any category is left out of the legend and named under
// the chart.
std::string categoryChartSvg(const CategoryChart& chart);

}  // namespace mmtp::compare
