// Compare.pm's tables as buildComparison lays them out: the header split of
// run names, one row per statistic and operation with its percentage
// difference and significance marker, the ratio report's Ratio/Dmean/Gmean
// rows, and the format lists whose quirks the goldens depend on.
#include "tables/comparison.hpp"

#include "stats/stats.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>

using namespace mmtp::compare;

namespace {

// A Multiops run whose summary table is given outright: op -> the six
// Multiops statistics (min, amean, stddev, coeffvar, max, BAmean.95), and
// the amean's confidence interval when ci is set.
struct Op {
    std::string name;
    std::vector<double> stats;
    std::optional<std::pair<double, double>> ci;
};

RunSummary multiops(const std::string& name, const std::vector<Op>& ops, bool preferHigher = false) {
    RunSummary r;
    r.testName = name;
    r.preferHigher = preferHigher;
    r.definition = summaryDefinition(SummaryType::Multiops);
    std::vector<std::string> names;
    for (const Op& op : ops) {
        names.push_back(op.name);
        r.values[op.name] = op.stats;
        if (op.ci) r.ci[op.name] = *op.ci;
    }
    r.extraction.setOperations(names);
    r.comparisonStatIndex = 1;  // _mean
    return r;
}

// A run summarised for the ratio report: one amean (and its interval) per op.
RunSummary ratioRun(const std::string& name, const std::vector<Op>& ops) {
    RunSummary r = multiops(name, ops);
    r.comparisonStatIndex.reset();
    for (const Op& op : ops) r.values[op.name] = {op.stats.at(0)};
    return r;
}

std::vector<const std::vector<PerlArg>*> rowsTitled(const FormattedTable& t, const std::string& title) {
    std::vector<const std::vector<PerlArg>*> out;
    for (const auto& row : t.rows)
        if (!row.empty() && row[0].kind == PerlArg::Kind::String && row[0].str == title) out.push_back(&row);
    return out;
}

const std::vector<PerlArg>& onlyRow(const FormattedTable& t, const std::string& title) {
    auto rows = rowsTitled(t, title);
    REQUIRE(rows.size() == 1);
    return *rows[0];
}

const Op kBaseA{"a", {8, 10, 1, 10, 12, 9}, std::pair(9.0, 11.0)};

}  // namespace

TEST_CASE("run names are split at the first dash for the two header rows", "[compare][comparison]") {
    std::vector<RunSummary> runs = {multiops("v7.1.3-first", {kBaseA}), multiops("v7.3", {kBaseA}),
                                    multiops("v6.2-rc3-missing", {kBaseA})};
    const FormattedTable h = buildComparison(runs, CompareOptions{}).header;
    REQUIRE(h.rows.size() == 2);
    REQUIRE(h.rows[0].size() == 4);
    CHECK(h.rows[0][1].asString() == "v7.1.3");
    CHECK(h.rows[1][1].asString() == "first");
    // No dash: substr(name, 0, -1) and substr(name, 0).
    CHECK(h.rows[0][2].asString() == "v7.");
    CHECK(h.rows[1][2].asString() == "v7.3");
    // "-rcN" after the first dash moves the split on by 4.
    CHECK(h.rows[0][3].asString() == "v6.2-rc3");
    CHECK(h.rows[1][3].asString() == "missing");
    // The first cell spans the statistic and operation columns ("BAmean.95 a"),
    // a run's a value plus " (%7.2f%%)": 18 + 7 + 4.
    CHECK(h.formats == std::vector<std::string>{"%11s", "%29s", "%29s", "%29s"});
}

TEST_CASE("each statistic has a row per operation, with its difference from the baseline", "[compare][comparison]") {
    const Op slower{"a", {9, 12, 2, 16.67, 15, 11}, std::pair(11.0, 13.0)};
    std::vector<RunSummary> runs = {multiops("base", {kBaseA, {"b", {1, 2, 0, 0, 3, 2}, std::nullopt}}),
                                    multiops("new", {slower})};
    const ComparisonReport report = buildComparison(runs, CompareOptions{});
    const FormattedTable& t = report.body;
    // 6 statistics x 2 operations, statistic-major, operations in order.
    REQUIRE(t.rows.size() == 12);
    CHECK(t.rows[0][0].asString() == "Min");
    CHECK(t.rows[0][1].asString() == "a");
    CHECK(t.rows[1][1].asString() == "b");
    CHECK(t.rows[2][0].asString() == "Amean");

    // Lower is better: 12 against 10 is pndiff = 100 - 120 = -20 %, and the
    // amean row carries the significance marker (cidiff (10-12)/(11-10+12-11) = -1: not beyond 1).
    const std::vector<PerlArg>& amean = *rowsTitled(t, "Amean")[0];
    REQUIRE(amean.size() == 6);
    CHECK(amean[2].asNumber() == 10);
    CHECK(amean[3].asString() == "0:NSIG:");
    CHECK(amean[4].asNumber() == 12);
    CHECK(amean[5].asString() == "-20:NSIG:");
    // Stddev always compares as lower-is-better; rows other than the amean have no marker.
    const std::vector<PerlArg>& stddev = *rowsTitled(t, "Stddev")[0];
    CHECK(stddev[5].asString() == "-100");
    // An operation the later run lacks prints 0, 0 %.
    const std::vector<PerlArg>& aMeanB = *rowsTitled(t, "Amean")[1];
    CHECK(aMeanB[1].asString() == "b");
    CHECK(aMeanB[4].asNumber() == 0);
    CHECK(aMeanB[5].asString() == "0:NSIG:");

    // Formats: the statistic and operation columns, then value and % per run
    // plus one spare pair (Compare.pm builds nRuns + 1).
    CHECK(t.formats == std::vector<std::string>{"%-9s", " %-1s", "%18.2f", " (%7.2f%%)", "%18.2f", " (%7.2f%%)",
                                                "%18.2f", " (%7.2f%%)"});
    CHECK(report.tables.results.at("a")[1] == std::vector<double>{10, 12});
    CHECK(report.tables.compare.at("a")[1] == std::vector<double>{0, -20});
}

TEST_CASE("a difference beyond the confidence intervals is marked significant", "[compare][comparison]") {
    const Op far{"a", {14, 16, 1, 6.25, 18, 15}, std::pair(15.0, 17.0)};
    std::vector<RunSummary> runs = {multiops("base", {kBaseA}), multiops("new", {far})};
    CompareOptions o;
    o.printSignificance = true;
    const ComparisonReport report = buildComparison(runs, o);
    // cidiff of the baseline against the run: (10 - 16) / (11 - 10 + 16 - 15) = -3.
    CHECK(onlyRow(report.body, "Amean")[5].asString() == "-60:SIG:");
    const std::vector<PerlArg>& sig = onlyRow(report.body, "Significant");
    REQUIRE(sig.size() == 7);  // title, op, two per run, a trailing undef
    CHECK(sig[1].asString() == "a");
    CHECK(sig[2].asNumber() == 0);
    CHECK(sig[4].asNumber() == 1);
    CHECK(sig[5].asNumber() == Approx(-3));
    CHECK(sig[6].isUndef());
}

TEST_CASE("higher-is-better compares with pdiff and names the harmonic mean", "[compare][comparison]") {
    const Op base{"kb", {8, 10, 1, 10, 12, 9}, std::nullopt};
    const Op faster{"kb", {9, 12, 1, 8, 15, 11}, std::nullopt};
    std::vector<RunSummary> runs = {multiops("base", {base}, true), multiops("new", {faster}, true)};
    const FormattedTable t = buildComparison(runs, CompareOptions{}).body;
    CHECK(onlyRow(t, "Hmean")[5].asString() == "20:NSIG:");
    CHECK(onlyRow(t, "HStddev")[5].asString() == "0");
}

TEST_CASE("a baseline value of -1 prints every run as 0", "[compare][comparison]") {
    const Op unset{"a", {-1, -1, -1, -1, -1, -1}, std::nullopt};
    const Op set{"a", {8, 10, 1, 10, 12, 9}, std::nullopt};
    std::vector<RunSummary> runs = {multiops("base", {unset}), multiops("new", {set})};
    const FormattedTable t = buildComparison(runs, CompareOptions{}).body;  // the row refers into it
    const std::vector<PerlArg>& amean = onlyRow(t, "Amean");
    CHECK(amean[2].asNumber() == 0);
    CHECK(amean[4].asNumber() == 0);
    CHECK(amean[5].asString() == "0:NSIG:");
}

TEST_CASE("--no-compare leaves the % columns empty and keeps no comparison tables", "[compare][comparison]") {
    std::vector<RunSummary> runs = {multiops("base-a", {kBaseA}), multiops("new-b", {kBaseA})};
    CompareOptions o;
    o.showCompare = false;
    o.printSignificance = true;  // needs the comparison: no Significant rows
    const ComparisonReport report = buildComparison(runs, o);
    CHECK(rowsTitled(report.body, "Significant").empty());
    CHECK(onlyRow(report.body, "Amean")[3].kind == PerlArg::Kind::ArrayRef);
    CHECK(report.body.formats[3] == "");
    CHECK(report.header.formats[1] == "%18s");
    CHECK(report.tables.compare.empty());
    CHECK(report.tables.significance.empty());
    CHECK_FALSE(report.tables.results.empty());
}

TEST_CASE("--sub-heading keeps the operations it starts", "[compare][comparison]") {
    const Op read{"read-1", {8, 10, 1, 10, 12, 9}, std::nullopt};
    const Op write{"write-1", {8, 10, 1, 10, 12, 9}, std::nullopt};
    std::vector<RunSummary> runs = {multiops("base", {read, write}), multiops("new", {read, write})};
    CompareOptions o;
    o.subHeading = "write";
    const FormattedTable t = buildComparison(runs, o).body;
    REQUIRE(t.rows.size() == 6);
    for (const auto& row : t.rows) CHECK(row[1].asString() == "write-1");
    o.subHeading = "-1";  // anchored: no operation starts so
    CHECK_THROWS_WITH(buildComparison(runs, o),
                      "nothing to compare: run 'base' has no results matching --sub-heading -1");
}

TEST_CASE("no runs, or a baseline without operations, is an error", "[compare][comparison]") {
    CHECK_THROWS_AS(buildComparison({}, CompareOptions{}), std::runtime_error);
    std::vector<RunSummary> empty = {multiops("base", {}), multiops("new", {kBaseA})};
    CHECK_THROWS_WITH(buildComparison(empty, CompareOptions{}), "nothing to compare: run 'base' has no results");
}

TEST_CASE("the ratio report divides by the baseline and ends with the geometric mean", "[compare][comparison]") {
    const Op a{"a", {10}, std::nullopt}, b{"b", {4}, std::nullopt};
    const Op a2{"a", {20}, std::nullopt}, b2{"b", {0}, std::nullopt};
    std::vector<RunSummary> runs = {ratioRun("base", {a, b}), ratioRun("new", {a2, b2})};
    CompareOptions o;
    o.printRatio = true;
    const ComparisonReport report = buildComparison(runs, o);
    const FormattedTable& t = report.body;
    // No interval in the baseline: no Dmean/Dmin/Dmax, and "NaN" in the s column.
    REQUIRE(t.rows.size() == 3);
    const std::vector<PerlArg>& ratioA = onlyRow(t, "Ratio a");
    REQUIRE(ratioA.size() == 7);  // title, then ratio, % and s per run
    CHECK(ratioA[1].asNumber() == 1);
    CHECK(ratioA[4].asNumber() == 2);
    CHECK(ratioA[5].asNumber() == -100);  // Lower: pndiff(2, 1)
    CHECK(ratioA[6].asString() == "NaN");
    // A 0 value is a ratio of 1 (rdiff), and the row is kept.
    CHECK(onlyRow(t, "Ratio b")[4].asNumber() == 1);
    const std::vector<PerlArg>& gmean = onlyRow(t, "Gmean Lower");
    CHECK(gmean[1].asNumber() == Approx(1));
    CHECK(gmean[4].asNumber() == Approx(std::sqrt(2.0)));
    CHECK(gmean[5].isUndef());
    // The formats are built per operation (plus one), not per run: Compare.pm's quirk.
    CHECK(t.formats.size() == 1 + 3 * (2 + 1));
    CHECK(t.formats[0] == "%-7s");  // "Ratio " + the longest op
    CHECK(t.formats[2] == " (%.2f%%)");
    CHECK(t.formats[3] == " (%+.2fs)");
    CHECK(report.tables.ratio);
    CHECK(report.tables.geomean.size() == 2);
    CHECK_FALSE(report.tables.hasNormalized);
}

TEST_CASE("with the baseline's intervals the ratio report adds Dmean, Dmin and Dmax", "[compare][comparison]") {
    const Op a{"a", {10}, std::pair(9.0, 11.0)}, b{"b", {10}, std::pair(9.0, 11.0)};
    const Op a2{"a", {13}, std::pair(12.0, 14.0)}, b2{"b", {11}, std::pair(10.0, 12.0)};
    std::vector<RunSummary> runs = {ratioRun("base", {a, b}), ratioRun("new", {a2, b2})};
    CompareOptions o;
    o.printRatio = true;
    const ComparisonReport report = buildComparison(runs, o);
    // cidiff(13, [12,14], 10, [9,11]) = 3 / (13-12 + 11-10) = 1.5; b: 1 / 2 = 0.5.
    CHECK(onlyRow(report.body, "Ratio a")[6].asNumber() == Approx(1.5));
    CHECK(onlyRow(report.body, "Dmean Lower")[4].asNumber() == Approx(1.0));
    CHECK(onlyRow(report.body, "Dmin  Lower")[4].asNumber() == Approx(0.5));
    CHECK(onlyRow(report.body, "Dmax  Lower")[4].asNumber() == Approx(1.5));
    CHECK(report.tables.hasNormalized);
    CHECK(report.tables.normalized.at("b") == std::vector<double>{0, 0.5});
}
