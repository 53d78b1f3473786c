// Monitor charts that would draw nothing: a page-fault chart whose every
// sample is 0 is a sentence, not a flat line on a made-up -1..1 axis.
#include "kernels/monitor_tables.hpp"
#include "compare/test_support.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

TEST_CASE("a count axis of nothing but zeros runs from 0 up, never -1..1", "[compare][svg]") {
    TimeChart c{"Page faults", "Faults per sample", {{"run", 0, 0, {{0, 0}, {2, 0}, {4, 0}}}}, {}};
    c.fromZero = true;
    std::string s = timeChartSvg(c);
    CHECK(s.find(">0</text>") != std::string::npos);
    CHECK(s.find(">-1</text>") == std::string::npos);
    CHECK(s.find(">-0.5</text>") == std::string::npos);
}

TEST_CASE("a monitor whose every sample is 0 says so instead of drawing a flat line", "[compare][report]") {
    // proc-vmstat counters are deltas between "time:" blocks: a pgfault that
    // never moves (and no pgmajfault at all) gives 0 for every block.
    compare_test::ScratchTree tree;
    std::string log;
    for (int t = 0; t < 6; ++t) log += "time: " + std::to_string(1796113990 + 2 * t) + "\npgfault 1000\nnr_dirty 5\n";
    tree.write("run-a/iter-0/proc-vmstat-bench", log);
    Warnings warnings;
    std::vector<TimeChart> charts = monitorCharts(tree.root(), {"run-a"}, "bench", {}, warnings);
    const TimeChart* faults = nullptr;
    for (const TimeChart& c : charts)
        if (c.title.rfind("Page faults", 0) == 0) faults = &c;
    REQUIRE(faults != nullptr);
    CHECK(faults->series.empty());
    bool said = false;
    for (const std::string& n : faults->notes) said = said || n.find("every sample of every run is 0") != std::string::npos;
    CHECK(said);
}
