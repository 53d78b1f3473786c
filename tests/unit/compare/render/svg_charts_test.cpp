// The report's inline SVG charts: text that fits (wrapped, never cut), axes,
// downsampling, PlotType settings; and a geometry check over our own SVG
// (text extents from the font size) that finds text outside the viewBox.
#include "benchmarks/plot_settings.hpp"
#include "benchmarks/shellpack_config.hpp"
#include "render/svg_category_chart.hpp"
#include "render/svg_text.hpp"
#include "render/svg_timeseries.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <regex>

using namespace mmtp::compare;

namespace {

std::string unescape(std::string s) {
    for (auto [from, to] : {std::pair{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}})
        for (std::size_t p; (p = s.find(from)) != std::string::npos;) s.replace(p, std::string(from).size(), to);
    return s;
}

// Every <text> whose estimated box (textWidth wide, 0.8 em above and 0.25 em
// below its baseline, after its translate/rotate) leaves the svg's viewBox.
std::vector<std::string> textsOutside(const std::string& svg) {
    static const std::regex kBox("viewBox=\"0 0 ([0-9.]+) ([0-9.]+)\"");
    static const std::regex kText("<text x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" font-size=\"([0-9.]+)\"([^>]*)>([^<]*)</text>");
    static const std::regex kAnchor("text-anchor=\"(\\w+)\""),
        kTransform("transform=\"translate\\(([-0-9.]+),([-0-9.]+)\\) rotate\\(([-0-9.]+)\\)\"");
    std::smatch box;
    if (!std::regex_search(svg, box, kBox)) return {"no viewBox"};
    const double width = std::stod(box[1]), height = std::stod(box[2]);
    std::vector<std::string> outside;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), kText); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        const double fs = std::stod(m[3]), w = svg::textWidth(unescape(m[5]), fs);
        const std::string attrs = m[4];
        std::smatch a, t;
        double x0 = std::stod(m[1]);
        if (std::regex_search(attrs, a, kAnchor)) x0 -= a[1] == "end" ? w : a[1] == "middle" ? w / 2 : 0;
        const double y = std::stod(m[2]);
        double tx = 0, ty = 0, angle = 0;
        if (std::regex_search(attrs, t, kTransform))
            tx = std::stod(t[1]), ty = std::stod(t[2]), angle = std::stod(t[3]) * M_PI / 180;
        for (double cx : {x0, x0 + w})
            for (double cy : {y - 0.8 * fs, y + 0.25 * fs}) {
                double px = tx + cx * std::cos(angle) - cy * std::sin(angle);
                double py = ty + cx * std::sin(angle) + cy * std::cos(angle);
                if (px < -0.5 || py < -0.5 || px > width + 0.5 || py > height + 0.5) {
                    outside.push_back(unescape(m[5]));
                    goto next;
                }
            }
    next:;
    }
    return outside;
}

CategoryChart chartOf(std::size_t categories, std::size_t runs, const std::string& namePrefix) {
    CategoryChart c;
    c.title = namePrefix + "benchmark";
    c.yLabel = "Time (microseconds)";
    c.xLabel = "Clients";
    for (std::size_t r = 0; r < runs; ++r) c.runs.push_back(namePrefix + "run" + std::to_string(r));
    for (std::size_t i = 0; i < categories; ++i) {
        c.categories.push_back(namePrefix + "op-" + std::to_string(i));
        auto& row = c.values.emplace_back();
        for (std::size_t r = 0; r < runs; ++r) row.push_back({1.0 + i, 5.0 + i + r, 1.0, 9.0 + i * 10});
    }
    return c;
}

}  // namespace

TEST_CASE("the geometry check finds text that the viewBox cuts", "[compare][svg]") {
    // The old single-metric chart: 134 px wide, its title cut.
    const std::string cut = "<svg viewBox=\"0 0 134.0 430.0\">"
                            "<text x=\"60.0\" y=\"14.0\" font-size=\"13.0\">pipe-pingpong (each operation)</text>"
                            "<text x=\"10.0\" y=\"100.0\" font-size=\"10.0\">fits</text></svg>";
    CHECK(textsOutside(cut) == std::vector<std::string>{"pipe-pingpong (each operation)"});
    const std::string rotated = "<svg viewBox=\"0 0 300.0 300.0\"><text x=\"0\" y=\"0\" font-size=\"10.0\" "
                                "text-anchor=\"end\" transform=\"translate(20.0,100.0) rotate(-45)\">a long label"
                                "</text></svg>";
    CHECK(textsOutside(rotated).size() == 1);
}

TEST_CASE("a chart of one metric and one run keeps its title and legend inside", "[compare][svg]") {
    CategoryChart c = chartOf(1, 1, "");
    c.title = "pipe-pingpong usecs-op: Time (microseconds)";
    std::string s = categoryChartSvg(c);
    CHECK(textsOutside(s).empty());
    CHECK(s.find(">pipe-pingpong usecs-op: Time (microseconds)</text>") != std::string::npos);
    CHECK(s.find(">run0</text>") != std::string::npos);
    c.categories.push_back("op-without-samples");
    c.values.push_back({CategoryValue{}});
    CHECK(categoryChartSvg(c).find(">no run has samples of: op-without-samples</text>") != std::string::npos);
}

TEST_CASE("two hundred operations, eight runs and long names all stay inside", "[compare][svg]") {
    const std::string longName(130, 'x');
    for (auto style : {CategoryStyle::Candlesticks, CategoryStyle::ErrorLines, CategoryStyle::Lines}) {
        CategoryChart c = chartOf(200, 8, longName + "-<b>&");
        c.style = style;
        c.title = std::string(400, 'T');
        std::string s = categoryChartSvg(c);
        CHECK(textsOutside(s).empty());
        for (std::size_t r = 0; r < 8; ++r)  // every run in the legend, wrapped but whole
            CHECK(s.find(std::to_string(r) + "</text>") != std::string::npos);
        CHECK(s.find("<b>") == std::string::npos);
    }
}

TEST_CASE("wrapped text keeps every character and each line fits", "[compare][svg]") {
    const std::string text = "redis ZPOPMIN-latMax-1024 Ã©tÃ© " + std::string(90, 'y') + " done";
    std::vector<std::string> lines = svg::wrapText(text, 10, 120);
    std::string joined;
    for (const std::string& l : lines) {
        CHECK(svg::textWidth(l, 10) <= 120);
        joined += l;
    }
    CHECK(joined == text);
    CHECK(lines.size() > 1);
    CHECK(svg::wrapText("", 10, 50) == std::vector<std::string>{""});
}

TEST_CASE("axis ticks are round and cover the values", "[compare][svg]") {
    std::vector<double> t = svg::niceTicks(5.07, 17.39);
    REQUIRE(t.size() >= 3);
    CHECK(t.front() <= 5.07);
    CHECK(t.back() >= 17.39 - 1e-9);
    CHECK(t.size() <= 8);
    const double step = t[1] - t[0], mantissa = step / std::pow(10, std::floor(std::log10(step)));
    CHECK((mantissa == Approx(1) || mantissa == Approx(2) || mantissa == Approx(5)));
    CHECK(svg::tickLabel(0, 50000) == "0");
    CHECK(svg::tickLabel(150000, 50000) == "150k");
    CHECK(svg::tickLabel(0.25, 0.05) == "0.25");
    // A NaN step (found by fuzz_svg_charts) labels without decimals, never casting NaN to int.
    CHECK(svg::tickLabel(3, std::nan("")) == "3");
    CHECK(svg::unitLabel("TIME_USECONDS") == "Time (microseconds)");
    CHECK(svg::unitLabel("FURLONGS") == "FURLONGS");
}

TEST_CASE("a long monitor series is downsampled to bucket means, and the chart says so", "[compare][svg]") {
    std::vector<std::pair<double, double>> points;
    for (int i = 0; i < 8000; ++i) points.emplace_back(i, i % 2 ? 10 : 20);
    auto few = downsample(points, 400);
    REQUIRE(few.size() == 400);
    CHECK(few.front().second == Approx(15));
    CHECK(few.back().first > 7900);
    CHECK(downsample(points, 20000).size() == 8000);

    TimeChart c{"CPU time (vmstat us)", "Percentage", {{"base us", 0, 0, points}, {"patched us", 1, 1, {{0, 1}}}}, {}};
    std::string s = timeChartSvg(c, 400);
    CHECK(textsOutside(s).empty());
    CHECK(s.find("1 series downsampled to 400 points") != std::string::npos);
    std::smatch m;
    REQUIRE(std::regex_search(s, m, std::regex("<polyline[^>]*points=\"([^\"]*)\"")));
    CHECK(std::count(m[1].first, m[1].second, ',') == 400);
    CHECK(timeChartSvg(TimeChart{"empty", "", {{"run", 0, 0, {}}}, {}}).empty());
}

TEST_CASE("PlotType, PlotXaxis and PlotYaxis come from shellpack.yaml", "[compare][svg][yaml]") {
    CHECK(loadPlotSettings(*embeddedShellpackYaml("perfpipe")).type == "operation-candlesticks");
    CHECK(loadPlotSettings(*embeddedShellpackYaml("redis")).type == "client-candlesticks");
    PlotSettings t = loadPlotSettings("PlotType: thread-errorlines\nPlotXaxis: ignored\n");
    CHECK(t.type == "client-errorlines");
    CHECK(t.xaxis == "Threads");
    CHECK(loadPlotSettings("PlotType: [unclosed").type == "operation-candlesticks");
    CHECK(loadPlotSettings("PlotYaxis: BogoOps/sec\n").yaxis == "BogoOps/sec");
}

TEST_CASE("charts of values a denormal apart, or a double's whole range apart, have ticks", "[compare][svg]") {
    const double tiny = 4.9e-324, huge = 1.7e308;
    for (auto [lo, hi] : {std::pair{0.0, tiny}, {tiny, 2 * tiny}, {-huge, huge}, {1e17, 1e17 + 64}}) {
        INFO(lo << " .. " << hi);
        std::vector<double> t = svg::niceTicks(lo, hi);
        REQUIRE(!t.empty());
        CHECK(t.front() <= lo);
        CHECK(t.back() >= hi);
        for (double v : t) CHECK(std::isfinite(v));
        TimeChart tc;
        tc.series.push_back({"a", 0, 0, {{0, lo}, {1, hi}, {2, lo}}});
        CHECK(timeChartSvg(tc).find("<svg") != std::string::npos);
        CategoryChart cc;
        cc.runs = {"a", "b"};
        cc.categories = {"x"};
        cc.values = {{{lo, lo, 0, lo}, {hi, hi, 0, hi}}};
        CHECK(categoryChartSvg(cc).find("<svg") != std::string::npos);
    }
}

namespace {

// The labels of the <text class="CLS"> elements of svg, in order.
std::vector<std::string> labelsOf(const std::string& svg, const std::string& cls) {
    std::regex re("<text [^>]*class=\"" + cls + "\"[^>]*>([^<]*)</text>");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator(); ++it)
        out.push_back(unescape((*it)[1]));
    return out;
}

// A latency whose stddev is 2.6 times its mean (six fast samples, one slow).
CategoryChart spreadLatency(bool nonNegative) {
    CategoryChart c;
    c.title = "perfpipe time";
    c.yLabel = "Time (microseconds)";
    c.runs = {"base", "new", "empty"};
    c.categories = {"Time"};
    c.values = {{{1.5, 144, 377, 1000}, {2.5, 145, 377, 1000}, {}}};
    c.nonNegative = nonNegative;
    return c;
}

}  // namespace

TEST_CASE("a latency's axis, boxes and whiskers stop at 0 when mean - stddev is below it", "[compare][svg]") {
    std::string clamped = categoryChartSvg(spreadLatency(true));
    std::vector<std::string> ticks = labelsOf(clamped, "y-tick");
    REQUIRE_FALSE(ticks.empty());
    CHECK(ticks.front() == "0");
    for (const std::string& t : ticks) CHECK(t.rfind('-', 0) != 0);
    CHECK(clamped.find("2 marks cut at 0 where mean - stddev is below 0") != std::string::npos);
    CHECK(textsOutside(clamped).empty());
    // Without the flag (a quantity that may be negative) the box goes below.
    std::vector<std::string> signedTicks = labelsOf(categoryChartSvg(spreadLatency(false)), "y-tick");
    REQUIRE_FALSE(signedTicks.empty());
    CHECK(signedTicks.front().rfind('-', 0) == 0);
}

TEST_CASE("the units MMTests knows cannot be negative", "[compare][svg]") {
    CHECK(svg::cannotBeNegative("TIME_USECONDS"));
    CHECK(svg::cannotBeNegative("KOPS_PER_SECOND"));
    CHECK(svg::cannotBeNegative("PERCENTAGE"));
    CHECK_FALSE(svg::cannotBeNegative(""));
    CHECK_FALSE(svg::cannotBeNegative("delta"));
}

TEST_CASE("a legend names only the runs with a value; the chart names the others", "[compare][svg]") {
    std::string s = categoryChartSvg(spreadLatency(true));
    CHECK(labelsOf(s, "legend") == std::vector<std::string>{"base", "new"});
    CHECK(s.find("no samples here (not in the legend): empty") != std::string::npos);
    TimeChart t{
        "cs", "Context switches/second", {{"a", 0, 0, {{0, 1}, {1, 2}}}, {"b", 1, 0, {{0, NAN}, {1, NAN}}}}, {}};
    CHECK(labelsOf(timeChartSvg(t), "legend") == std::vector<std::string>{"a"});
}

TEST_CASE("iteration axes tick at whole iterations only", "[compare][svg]") {
    CHECK(svg::wholeTicks(1, 1.8) == std::vector<double>{1});
    CHECK(svg::wholeTicks(1, 3) == std::vector<double>{1, 2, 3});
    CHECK(svg::wholeTicks(1.2, 1.8).empty());
    for (double t : svg::wholeTicks(1, 40)) CHECK(t == std::floor(t));
    // One iteration's samples at 1, 1.2 .. 1.8: the tick is "1", not 1.0..1.8.
    TimeChart one{"strip", "value", {{"a", 0, 0, {{1, 5}, {1.2, 6}, {1.4, 5}, {1.6, 7}, {1.8, 6}}}}, {}};
    one.iterationAxis = true;
    CHECK(labelsOf(timeChartSvg(one), "x-tick") == std::vector<std::string>{"1"});
    TimeChart two = one;
    two.series[0].points.push_back({2.5, 4});
    CHECK(labelsOf(timeChartSvg(two), "x-tick") == std::vector<std::string>{"1", "2"});
    CHECK(textsOutside(timeChartSvg(two)).empty());
}
