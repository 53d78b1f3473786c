#include "kernels/zero_rows.hpp"

#include <algorithm>

namespace mmtp::compare {

namespace {

bool zeroRow(const std::vector<PerlArg>& row) {
    bool anyNumber = false;
    for (std::size_t c = 1; c < row.size(); ++c) {  // row[0] is the label
        const PerlArg& cell = row[c];
        if (cell.kind == PerlArg::Kind::Number) {
            if (cell.num != 0) return false;
            anyNumber = true;
        } else if (cell.kind == PerlArg::Kind::String && looksLikeNumber(cell.str)) {
            if (numify(cell.str) != 0) return false;
            anyNumber = true;
        }
    }
    return anyNumber;
}

}  // namespace

WithoutZeroRows withoutZeroRows(const ComparisonReport& table) {
    WithoutZeroRows out{table, 0};
    std::vector<std::vector<PerlArg>>& rows = out.table.body.rows;
    const std::size_t before = rows.size();
    std::erase_if(rows, zeroRow);
    out.zeroRows = before - rows.size();
    return out;
}

std::string zeroRowsLine(std::size_t zeroRows, const std::string& what) {
    if (zeroRows == 0) return "";
    return std::to_string(zeroRows) + " " + what + (zeroRows == 1 ? " row is" : " rows are") + " zero in every run";
}

}  // namespace mmtp::compare
