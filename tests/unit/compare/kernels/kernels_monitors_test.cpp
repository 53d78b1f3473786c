// Monitor charts that would draw nothing: a page-fault chart whose every
// sample is 0 is a sentence, not a flat line on a made-up -1..1 axis.
#include "kernels/charts/monitor_charts.hpp"
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
    MonitorCharts loaded = loadMonitorCharts(tree.root(), {"run-a"}, "bench", {}, warnings);
    REQUIRE(loaded.iterations.size() == 1);
    const std::vector<TimeChart>& charts = loaded.iterations.front().charts;
    const TimeChart* faults = nullptr;
    for (const TimeChart& c : charts)
        if (c.title.rfind("Page faults", 0) == 0) faults = &c;
    REQUIRE(faults != nullptr);
    CHECK(faults->series.empty());
    bool said = false;
    for (const std::string& n : faults->notes) said = said || n.find("every sample of every run is 0") != std::string::npos;
    CHECK(said);
}

namespace {

// An iostat -x report of one device (sysstat 12's columns), unstamped.
std::string iostatReport(const std::string& dev, int rkb) {
    return "Device r/s rkB/s rrqm/s %rrqm r_await rareq-sz w/s wkB/s wrqm/s %wrqm w_await aqu-sz %util\n" + dev +
           " 1 " + std::to_string(rkb) + " 0 0 0.5 4 0 0 0 0 0 0.1 1\n\n";
}

const TimeChart* titled(const std::vector<TimeChart>& charts, const std::string& prefix) {
    for (const TimeChart& c : charts)
        if (c.title.rfind(prefix, 0) == 0) return &c;
    return nullptr;
}

}  // namespace

TEST_CASE("every iteration's monitors are charted, and iostat is drawn without MMTests' busy queue",
          "[compare][report]") {
    compare_test::ScratchTree tree;
    for (const char* iter : {"iter-0", "iter-1", "iter-2"}) {
        std::string log;
        for (int r = 0; r < 5; ++r) log += iostatReport("vda", 100 * (r + 1));  // aqu-sz 0.1: never "busy"
        tree.write(std::string("run-a/") + iter + "/iostat-bench", log);
    }
    Warnings warnings;
    MonitorCharts loaded = loadMonitorCharts(tree.root(), {"run-a"}, "bench", {}, warnings);
    REQUIRE(loaded.iterations.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(loaded.iterations[i].iteration == "iter-" + std::to_string(i));
        const TimeChart* io = titled(loaded.iterations[i].charts, "IO on vda: read, written");
        REQUIRE(io != nullptr);
        REQUIRE(io->series.size() == 2);          // rkB/s, wkB/s
        CHECK(io->series[0].points.size() == 4);  // the since-boot first report left out
        CHECK(io->xLabel.find("iter-" + std::to_string(i)) != std::string::npos);
    }
    CHECK(warnings.empty());
}

TEST_CASE("an iostat log of idle devices is named, not dropped", "[compare][report]") {
    compare_test::ScratchTree tree;
    std::string log;
    for (int r = 0; r < 5; ++r) log += "Device r/s rkB/s wkB/s r_await w_await\nloop0 0 0 0 0 0\n\n";
    tree.write("run-a/iter-0/iostat-bench", log);
    Warnings warnings;
    MonitorCharts loaded = loadMonitorCharts(tree.root(), {"run-a"}, "bench", {}, warnings);
    REQUIRE(loaded.iterations.size() == 1);
    const TimeChart* io = titled(loaded.iterations[0].charts, "IO (iostat)");
    REQUIRE(io != nullptr);
    CHECK(io->series.empty());
    REQUIRE_FALSE(io->notes.empty());
    CHECK(io->notes.front().find("recorded, but not drawn: no device read, wrote or waited") != std::string::npos);
}

TEST_CASE("iterations past the charted ones are named", "[compare][report]") {
    compare_test::ScratchTree tree;
    std::string log;
    for (int r = 0; r < 5; ++r) log += iostatReport("vda", 100 * (r + 1));
    for (std::size_t i = 0; i < kMaxChartedIterations + 2; ++i)
        tree.write("run-a/iter-" + std::to_string(i) + "/iostat-bench", log);
    Warnings warnings;
    MonitorCharts loaded = loadMonitorCharts(tree.root(), {"run-a"}, "bench", {}, warnings);
    CHECK(loaded.iterations.size() == kMaxChartedIterations);
    CHECK(loaded.iterations.back().iteration == "iter-" + std::to_string(kMaxChartedIterations - 1));
    bool said = false;
    for (const std::string& n : loaded.notes)
        said = said || n.find("2 more (iter-" + std::to_string(kMaxChartedIterations) + " and later) not drawn") !=
                           std::string::npos;
    CHECK(said);
}
