// libFuzzer target: the HTML report's SVG charts over arbitrary numbers. The
// input is read as doubles (NaN, Inf, denormals, 1e308 included): time
// series points and category candlesticks, rendered both ways. A crash, a
// sanitizer report or an exception is a finding.
#include "render/svg_category_chart.hpp"
#include "render/svg_text.hpp"
#include "render/svg_timeseries.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::vector<double> v(size / sizeof(double));
    if (!v.empty()) std::memcpy(v.data(), data, v.size() * sizeof(double));
    if (v.size() < 2) return 0;
    using namespace mmtp::compare;
    TimeChart tc;
    tc.title = "t";
    tc.yLabel = "y";
    for (std::size_t s = 0; s < 2; ++s) {
        TimeSeries series{"run" + std::to_string(s), s, s, {}};
        for (std::size_t i = s; i + 1 < v.size(); i += 2) series.points.emplace_back(v[i], v[i + 1]);
        tc.series.push_back(series);
    }
    (void)timeChartSvg(tc, 1 + v.size() % 7);
    CategoryChart cc;
    cc.title = "c";
    cc.runs = {"a", "b"};
    for (std::size_t i = 0; i + 7 < v.size(); i += 8) {
        cc.categories.push_back("cat" + std::to_string(i));
        cc.values.push_back({{v[i], v[i + 1], v[i + 2], v[i + 3]}, {v[i + 4], v[i + 5], v[i + 6], v[i + 7]}});
    }
    for (CategoryStyle style : {CategoryStyle::Candlesticks, CategoryStyle::ErrorLines, CategoryStyle::Lines}) {
        cc.style = style;
        (void)categoryChartSvg(cc);
    }
    std::vector<double> ticks = svg::niceTicks(v[0], v[1]);
    if (ticks.empty()) abort();  // callers take the first
    for (double t : ticks) (void)svg::tickLabel(t, v[1] - v[0]);
    return 0;
}
