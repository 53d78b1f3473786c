// A monitor table's rows that are zero in every run collapse to one line on
// the HTML page; a row with any non-zero value stays.
#include "kernels/zero_rows.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

namespace {
std::vector<PerlArg> row(const std::string& label, const std::vector<double>& values) {
    std::vector<PerlArg> r{PerlArg::string(label)};
    for (double v : values) r.push_back(PerlArg::number(v));
    return r;
}
}  // namespace

TEST_CASE("rows zero in every run are taken out and counted; the others stay in order", "[compare][zero-rows]") {
    ComparisonReport t;
    t.body.rows = {row("Ops Minor Faults", {6840596, 6986550, 7168404}),
                   row("Ops Swap Ins", {0, 0, 0}),
                   row("Ops Major Faults", {33, 0, 18}),
                   row("Ops DMA allocs", {0, 0, 0}),
                   {PerlArg::string("Ops Zone"), PerlArg::string("0.00"), PerlArg::string("0")},
                   {PerlArg::string("Ops Kswapd efficiency %"), PerlArg::string("100.00"), PerlArg::number(0)}};
    WithoutZeroRows kept = withoutZeroRows(t);
    CHECK(kept.zeroRows == 3);
    REQUIRE(kept.table.body.rows.size() == 3);
    CHECK(kept.table.body.rows[0][0].str == "Ops Minor Faults");
    CHECK(kept.table.body.rows[1][0].str == "Ops Major Faults");
    CHECK(kept.table.body.rows[2][0].str == "Ops Kswapd efficiency %");
    CHECK(zeroRowsLine(kept.zeroRows, "mmtests-vmstat") == "3 mmtests-vmstat rows are zero in every run");
    CHECK(zeroRowsLine(1, "vmstat") == "1 vmstat row is zero in every run");
    CHECK(zeroRowsLine(0, "vmstat").empty());
}

TEST_CASE("a row of labels only is not a zero row", "[compare][zero-rows]") {
    ComparisonReport t;
    t.body.rows = {{PerlArg::string("heading"), PerlArg::string("base")}, {}};
    CHECK(withoutZeroRows(t).zeroRows == 0);
}
