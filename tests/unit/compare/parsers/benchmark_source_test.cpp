// Where a -b benchmark's rows and settings come from, and what an unknown
// one is told.
#include "parsers/benchmark_source.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

TEST_CASE("an unknown benchmark without an MMTests checkout is told every native parser of the table",
          "[compare][parsers]") {
    std::string message;
    try {
        findBenchmark("nosuchbench", "", std::nullopt, std::nullopt);
    } catch (const std::runtime_error& e) {
        message = e.what();
    }
    REQUIRE(message.find("unknown benchmark 'nosuchbench'") != std::string::npos);
    REQUIRE_FALSE(nativeBenchmarks().empty());
    for (const NativeBenchmark& b : nativeBenchmarks()) {
        std::string entry(b.name);
        if (!b.alt.empty()) entry += " -a " + std::string(b.alt);
        INFO(message);
        CHECK(message.find(entry) != std::string::npos);
    }
}

TEST_CASE("every native benchmark of the table is found with its embedded shellpack.yaml", "[compare][parsers]") {
    for (const NativeBenchmark& b : nativeBenchmarks()) {
        INFO(b.name << " " << b.alt);
        BenchmarkSource src = findBenchmark(std::string(b.name), std::string(b.alt), std::nullopt, std::nullopt);
        CHECK(src.name == b.name);
    }
}
