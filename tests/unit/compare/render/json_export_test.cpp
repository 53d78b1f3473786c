// --json-export's JSON text: the Compare object compare-mmtests.pl writes,
// built from the same tables the report prints (the script tests
// compare-json-export*.sh check it field by field against the Perl's).
#include "render/json_export.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace mmtp::compare;
using nlohmann::json;

namespace {
RunSummary run(const std::string& name, double base, bool ratio = false) {
    RunSummary r;
    r.testName = name;
    r.precision = 4;
    r.summaryType = SummaryType::Normalisedops;
    r.definition = summaryDefinition(SummaryType::Normalisedops);
    for (int i = 1; i <= 5; ++i) r.extraction.addNumbers("usecs-op", i, base + i * 0.37);
    r.extraction.nextIteration();
    if (ratio) r.summariseRatio(std::nullopt);
    else r.summarise(std::nullopt);
    return r;
}
}  // namespace

TEST_CASE("the export is MMTests' Compare object with the tables the report printed", "[compare][json]") {
    const std::vector<RunSummary> runs = {run("base-first", 10), run("patched", 12)};
    CompareOptions o;
    const ComparisonReport report = buildComparison(runs, o);
    const json j = json::parse(jsonExportText(extractModuleName("perfpipe", std::nullopt), runs, report));

    CHECK(j["_ModuleName"] == "CompareShellpackperfpipe");
    CHECK(j["_ExtractModules"][1]["_ModuleName"] == "ExtractShellpackperfpipe");
    CHECK(j["_ExtractModules"][1]["_TestName"] == "patched");
    CHECK(j["_ExtractModules"][0]["_RatioCompareOp"] == "cidiff");
    // _ResultsTable: one row per statistic, one value per run, the runs' summaries.
    const json& results = j["_ResultsTable"]["usecs-op"];
    REQUIRE(results.size() == runs[0].definition.stats.size());
    for (std::size_t s = 0; s < results.size(); ++s)
        for (std::size_t r = 0; r < runs.size(); ++r)
            CHECK(results[s][r].get<double>() == Approx(runs[r].values.at("usecs-op")[s]));
    CHECK(j["_CompareTable"]["usecs-op"].size() == results.size());
    CHECK(j["_ResultsSignificanceTable"]["usecs-op"].size() == 2 * runs.size());
    CHECK(j["_RenderTable"].size() == report.body.rows.size());
    CHECK(j["_HeaderTable"][1][2] == "patched");
    CHECK(j["_FieldFormat"] == report.body.formats);
    CHECK(j["_OperationLength"] == report.tables.operationLength);
}

TEST_CASE("a ratio export holds the ratio tables, --no-compare none of the comparisons", "[compare][json]") {
    const std::vector<RunSummary> runs = {run("a", 10, true), run("b", 20, true)};
    CompareOptions o;
    o.printRatio = true;
    o.showCompare = false;
    const json j = json::parse(jsonExportText("ExtractShellpackperfpipe", runs, buildComparison(runs, o)));
    CHECK(j["_ResultsRatioTable"]["usecs-op"][1].get<double>() > 1.5);
    CHECK(j["_GeometricMeanTable"].size() == 2);
    CHECK(j.contains("_ResultsNormalizedTable"));
    CHECK_FALSE(j.contains("_CompareTable"));
    CHECK_FALSE(j.contains("_ResultsTable"));
}

TEST_CASE("monitor exports are named after MMTests' monitor modules", "[compare][json]") {
    CHECK(extractModuleName("monitor", std::string("proc-vmstat")) == "MonitorProcvmstat");
    CHECK(extractModuleName("monitor", std::string("perf-time-stat")) == "MonitorPerftimestat");
}
