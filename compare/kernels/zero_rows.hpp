// zero_rows.hpp - a monitor table's rows that are zero in every run (swap
// ins, DMA allocs, compaction stalls: most of vmstat's on a machine that
// never reclaimed), taken out of the HTML page and counted in one line, so
// that the rows that moved are the table. compare-kernels.sh's text report
// keeps them: it is compared line for line with compare-kernels.sh.
#pragma once
#include "tables/comparison.hpp"

#include <cstddef>
#include <string>

namespace mmtp::compare {

struct WithoutZeroRows {
    ComparisonReport table;    // the rows that are not zero in every run
    std::size_t zeroRows = 0;  // how many were
};

// A row is zero when it holds a number and every number in it (a numeric
// string too, as the table formats it) is 0; its label does not count.
WithoutZeroRows withoutZeroRows(const ComparisonReport& table);

// "87 vmstat rows are zero in every run" ("" for none).
std::string zeroRowsLine(std::size_t zeroRows, const std::string& what);

}  // namespace mmtp::compare
