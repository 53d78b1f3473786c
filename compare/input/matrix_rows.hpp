// matrix_rows.hpp - the columns a mitigation matrix asked for and what
// became of each (DIR/log/matrix-rows.txt, written by mitigation-matrix):
//   row NAME accepted N
//   row NAME rejected REASON     (its boots are not in the tree)
//   row NAME short N of M: REASON
// A report of the tree names the rows that are missing from it and why, so
// a table of two columns never hides that four were asked.
#pragma once
#include "core/warnings.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::compare {

inline constexpr const char* kMatrixRowsFile = "matrix-rows.txt";

// Lines for the report's limits ("read before the verdict"): the rows asked,
// then each rejected or short row with its reason; empty without the file or
// when every row is complete. The file is untrusted: bounded, one line per
// row at most 64 rows, control characters escaped.
std::vector<std::string> matrixRowNotes(const std::filesystem::path& logDir, Warnings& warnings);

}  // namespace mmtp::compare
