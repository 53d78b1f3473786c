// What one monitor log may cost (monitors/log_words.hpp): at most kMaxColumns
// distinct column names, kMaxSamples kept samples a series (an even spread,
// with means over every sample), kMaxSampleSets CPUs or devices; only the
// charted columns keep their values.
#include "monitors/log_words.hpp"
#include "monitors/iostat_by_header.hpp"
#include "monitors/mpstat_by_header.hpp"
#include "monitors/vmstat_by_header.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace mmtp::compare;

namespace {

// An mpstat log of `reports` reports for CPU "all", each under a header that
// brings `fresh` column names no earlier header had, then %idle.
std::vector<std::string> mpstatNewNamesEachReport(int reports, int fresh) {
    std::vector<std::string> lines;
    for (int r = 0; r < reports; ++r) {
        std::string header = "12:00:00 CPU", values = "12:00:00 all";
        for (int c = 0; c < fresh; ++c) header += " c" + std::to_string(r) + "_" + std::to_string(c), values += " 1";
        lines.push_back("time: " + std::to_string(r));
        lines.push_back(header + " %idle");
        lines.push_back(values + " 75");
        lines.push_back("");
    }
    return lines;
}

std::vector<std::string> vmstatLog(int samples) {
    std::vector<std::string> lines = {
        " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st"};
    for (int i = 0; i <= samples; ++i)  // the first is the since-boot report
        lines.push_back(" 1  0 0 100 10 10 0 0 0 0 " + std::to_string(1000 + i % 7) + " " + std::to_string(i) + " 20 " +
                        std::to_string(i % 3) + " 80 0 0");
    return lines;
}

}  // namespace

TEST_CASE("headers that keep bringing new names cost at most 64 columns, the rest counted",
          "[compare][monitors][bounds]") {
    // 100 reports x 100 new names: 10,000 NaN-filled columns of 100 values before.
    MpstatSamples s = mpstatFromLines(mpstatNewNamesEachReport(100, 100));
    const ColumnSamples& all = s.cpus.at("all");
    CHECK(all.x.size() == 100);
    CHECK(all.columns.size() == kMaxColumns);
    CHECK(all.totals.size() == kMaxColumns);
    CHECK(all.droppedValues == 100 * 101 - kMaxColumns);
    CHECK(droppedByBounds(droppedValues(s.cpus), 0, "CPUs") ==
          std::to_string(100 * 101 - kMaxColumns) +
              " values of columns past the first 64 names (the column limit) not read");
}

TEST_CASE("only the charted columns keep their values; every column keeps its totals", "[compare][monitors][bounds]") {
    MpstatSamples s = mpstatFromLines(mpstatNewNamesEachReport(3, 2), {"%idle"});
    const ColumnSamples& all = s.cpus.at("all");
    REQUIRE(all.columns.size() == 1);
    CHECK(all.column("%idle") == std::vector<double>{75, 75, 75});
    CHECK(all.totals.size() == 7);
    VmstatSamples v = vmstatFromLines(vmstatLog(10), {"sy", "cs"});
    CHECK(v.columns.size() == 2);
    CHECK(v.count("us") == 10);
    CHECK(v.mean("us") == 20);
}

TEST_CASE("a long log keeps an even spread of at most kMaxSamples samples, its means over all of them",
          "[compare][monitors][bounds]") {
    const int samples = 40000;
    VmstatSamples s = vmstatFromLines(vmstatLog(samples));
    CHECK(s.x.size() <= kMaxSamples);
    CHECK(s.x.size() >= kMaxSamples / 2);
    CHECK(s.stride == 4);
    CHECK(s.x.front() == 1);
    CHECK(s.x[1] == 5);  // samples 1, 5, 9, ...: every fourth
    CHECK(s.x.back() > samples - 4);
    CHECK(s.column("cs").size() == s.x.size());
    CHECK(s.column("cs")[1] == 5);  // the value of the sample at that x (cs is the sample number)
    CHECK(s.count("cs") == static_cast<std::size_t>(samples));
    CHECK(s.mean("cs") == (samples + 1) / 2.0);  // 1..40000, every one of them
}

TEST_CASE("an mpstat or iostat log of more than 8192 CPUs or devices reads the first 8192",
          "[compare][monitors][bounds]") {
    std::vector<std::string> mp = {"12:00:00 CPU %usr %idle"}, io;
    for (int c = 0; c < 9000; ++c) mp.push_back("12:00:00 " + std::to_string(c) + " 1 99");
    MpstatSamples m = mpstatFromLines(mp);
    CHECK(m.cpus.size() == kMaxSampleSets);
    CHECK(m.droppedLines == 9000 - kMaxSampleSets);
    for (int report = 0; report < 2; ++report) {
        io.push_back("Device r/s w/s");
        for (int d = 0; d < 9000; ++d) io.push_back("sd" + std::to_string(d) + " 1 2");
        io.push_back("");
    }
    IostatSamples i = iostatFromLines(io);
    CHECK(i.devices.size() == kMaxSampleSets);
    CHECK(i.droppedLines == 2 * (9000 - kMaxSampleSets));
}
