// shellpack.yaml as MMTests reads it with YAML::PP's Core schema.
#include "benchmarks/shellpack_config.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

namespace {
bool higher(const std::string& value) {
    return loadSummarySettings("summarise: Multiops\npreferhigher: " + value + "\n", "t.yaml", std::nullopt).preferHigher;
}
}  // namespace

TEST_CASE("preferhigher follows Perl's regex over YAML::PP's values", "[compare][yaml]") {
    CHECK(higher("true"));
    CHECK(higher("1"));
    CHECK(higher("Higher"));
    CHECK(higher("false"));   // YAML false is Perl "", which the regex accepts
    CHECK(higher("\"\""));
    CHECK_FALSE(higher("yes"));  // a string under the Core schema
    CHECK_FALSE(higher("~"));
    CHECK_FALSE(higher("0.5"));
}

TEST_CASE("per-sub-heading keys override the summary and the direction", "[compare][yaml]") {
    const std::string yaml =
        "summarise: NormalisedLeftSkewops\nDecimalPlaces: 4\n"
        "tput:\n  preferhigher: true\nop:\n  summarise: Singleops\n";
    auto plain = loadSummarySettings(yaml, "t.yaml", std::nullopt);
    CHECK(plain.type == SummaryType::NormalisedLeftSkewops);
    CHECK_FALSE(plain.preferHigher);
    CHECK(plain.precision == 4);
    CHECK(loadSummarySettings(yaml, "t.yaml", std::string("tput")).preferHigher);
    CHECK(loadSummarySettings(yaml, "t.yaml", std::string("op")).type == SummaryType::Singleops);
}

TEST_CASE("DecimalPlaces 0 prints two decimals, as Compare.pm treats 0 as unset", "[compare][yaml]") {
    CHECK(loadSummarySettings("summarise: Singleops\nDecimalPlaces: 0\n", "t.yaml", std::nullopt).precision == 2);
}

TEST_CASE("a shellpack.yaml without a usable summary or with broken YAML is named in the error", "[compare][yaml]") {
    CHECK_THROWS_WITH(loadSummarySettings("metrics: [a]\n", "x/shellpack.yaml", std::nullopt),
                      Catch::Contains("x/shellpack.yaml"));
    CHECK_THROWS_WITH(loadSummarySettings("summarise: [unclosed\n", "y.yaml", std::nullopt), Catch::Contains("y.yaml"));
}

TEST_CASE("the four reference shellpacks are embedded", "[compare][yaml]") {
    for (const char* b : {"redis", "perfpipe", "stressng", "fio"}) CHECK(embeddedShellpackYaml(b));
}

TEST_CASE("each metric's units come from shellpack.yaml and name the operations built on it", "[compare][yaml]") {
    auto units = metricUnits(*embeddedShellpackYaml("redis"));
    CHECK(units.at("RPS") == "KOPS_PER_SECOND");
    CHECK(units.at("latMax") == "TIME_USECONDS");
    CHECK(unitOfOperation(units, "ZPOPMIN-RPS-1") == "KOPS_PER_SECOND");
    CHECK(unitOfOperation(units, "GET-latMax-4") == "TIME_USECONDS");
    CHECK(unitOfOperation(units, "ZPOPMIN-RPSX-1").empty());
    // perfpipe's metric holds a dash: its one operation is the metric itself.
    CHECK(unitOfOperation({{"usecs-op", "TIME_USECONDS"}}, "usecs-op") == "TIME_USECONDS");
    CHECK(unitOfOperation({{"usecs-op", "TIME_USECONDS"}, {"op", "OPS_COUNT"}}, "usecs-op-4") == "TIME_USECONDS");
    CHECK(metricOfOperation(units, "GET-latMax-4") == "latMax");
    CHECK(metricOfOperation(units, "GET-4").empty());
    CHECK(metricUnits("metrics: [a\n").empty());  // malformed YAML: no units, no throw
}
