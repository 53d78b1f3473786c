// Issue 19: charts name their units and axes, show operations that span
// decades on a scale that reads, start count axes at 0, and show every
// sample per iteration.
#include "benchmarks/plot_settings.hpp"
#include "benchmarks/shellpack_config.hpp"
#include "render/svg_chart.hpp"
#include "render/svg_sample_strips.hpp"
#include "render/svg_timeseries.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

namespace {

RunSummary runWith(const std::string& name, const std::vector<std::pair<std::string, std::vector<double>>>& ops,
                   int iterations = 1) {
    RunSummary run;
    run.testName = name;
    for (int it = 0; it < iterations; ++it) {
        for (const auto& [op, values] : ops)
            for (std::size_t i = 0; i < values.size(); ++i)
                run.extraction.addNumbers(op, static_cast<double>(i + 1), values[i] * (1 + it));
        run.extraction.nextIteration();
    }
    return run;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("a yaml of one metric gives every operation its unit: fio's kb/sec rows are not 'value'", "[compare][svg]") {
    std::optional<std::string> yaml = embeddedShellpackYaml("fiolike");
    REQUIRE(yaml);
    std::map<std::string, std::string> units = metricUnits(*yaml);
    std::vector<RunSummary> runs = {runWith("a", {{"kb/sec randread read", {100, 110}}}),
                                    runWith("b", {{"kb/sec randread read", {90, 95}}})};
    std::string svg = benchmarkChartsSvg("fiolike", runs, {"kb/sec randread read"}, units, loadPlotSettings(*yaml));
    CHECK(svg.find("KiloBytes/second") != std::string::npos);
    CHECK(svg.find(">value<") == std::string::npos);
    CHECK(svg.find("x: operation") != std::string::npos);  // not PlotXaxis' "Throughput"
    CHECK(metricOfOperation(units, "kb/sec randread read") == "tput");
}

TEST_CASE("operations that span more than a decade get a per-operation % of baseline chart", "[compare][svg]") {
    std::vector<RunSummary> wide = {runWith("base", {{"GET", {2000, 2100}}, {"LRANGE_600", {15, 16}}}),
                                    runWith("new", {{"GET", {1900, 2000}}, {"LRANGE_600", {12, 13}}})};
    std::string svg = benchmarkChartsSvg("redis", wide, {"GET", "LRANGE_600"}, {}, PlotSettings{});
    CHECK(count(svg, "<svg") == 2);
    CHECK(svg.find("as % of base&#39;s mean of it") != std::string::npos);
    CHECK(svg.find("% of the baseline&#39;s mean") != std::string::npos);

    std::vector<RunSummary> narrow = {runWith("base", {{"GET", {2000, 2100}}, {"SET", {1500, 1600}}}),
                                      runWith("new", {{"GET", {1900, 2000}}, {"SET", {1400, 1500}}})};
    CHECK(count(benchmarkChartsSvg("redis", narrow, {"GET", "SET"}, {}, PlotSettings{}), "<svg") == 1);
}

TEST_CASE("a count or percentage axis starts at 0, so a 0.5% dip is drawn small", "[compare][svg]") {
    TimeChart c{"CPU busy", "Busy percentage", {{"run", 0, 0, {{1, 199.5}, {2, 200}, {3, 199.8}}}}, {}};
    std::string loose = timeChartSvg(c);
    c.fromZero = true;
    std::string fromZero = timeChartSvg(c);
    CHECK(loose.find(">0</text>") == std::string::npos);
    CHECK(fromZero.find(">0</text>") != std::string::npos);
}

TEST_CASE("every sample of an operation is drawn iteration by iteration, one line per run", "[compare][svg]") {
    std::vector<RunSummary> runs = {runWith("a", {{"ZPOPMIN", {10, 11, 12}}}, 3), runWith("b", {{"ZPOPMIN", {9, 9}}}, 2)};
    std::string svg = sampleStripChartsSvg("redis-zpopmin", runs, {"ZPOPMIN"}, {{"ZPOPMIN", "KOPS_PER_SECOND"}});
    CHECK(count(svg, "class=\"sample-strip-chart\"") == 1);
    CHECK(count(svg, "<polyline") == 2);
    CHECK(svg.find("KiloOperations/sec") != std::string::npos);
    CHECK(svg.find("iteration (1 = iter-0)") != std::string::npos);
    CHECK(sampleStripChartsSvg("x", runs, {}, {}).empty());
}
