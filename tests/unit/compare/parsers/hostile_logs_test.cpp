// Log lines built to break a parser (issue 14, item 5): a JSON line without
// "cpu", and lines of 40k-300k characters that made std::regex recurse until
// the stack ran out. Each is read as the shellpack's awk/Perl reads it.
#include "compare/test_support.hpp"
#include "monitors/monitors.hpp"
#include "parsers/parsers.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;
using compare_test::ScratchTree;

namespace {

// --print-monitor duration's rows for one iteration directory.
Rows parseDuration(const std::filesystem::path& iterDir, const std::string& bench) {
    MonitorSession session;
    return parseDurationMonitor({iterDir}, MonitorRequest{bench, ""}, session).iterations.at(0);
}

}  // namespace

TEST_CASE("an ibpb-pulse line without \"cpu\" is read as awk reads it and reported", "[compare][parsers]") {
    ScratchTree t;
    t.write("ibpb-pulse.json", "{\"after\":3}\n{\"cpu\":1,\"before\":3,\"after\":9}\n");
    Warnings w;
    Rows rows = parseIbpbPulseJson(t.root(), w);
    REQUIRE(rows.size() == 3);
    // awk: sub(/.*"cpu":/) leaves the line, sub(/[,}].*/) cuts at the first , or }
    CHECK(rows[0].factorA == "cpu{\"after\":3");
    CHECK(rows[0].value == "3");
    CHECK(rows[1].factorA == "cpu1");
    CHECK(rows[1].value == "9");
    CHECK(rows[2].value == "2");
    REQUIRE(w.size() == 1);
    CHECK(w[0] == (t.root() / "ibpb-pulse.json").string() + ":1: JSON line without \"cpu\" and \"after\"");
}

TEST_CASE("an ibpb-pulse cpu of 300k digits is one long factor, not a stack overflow", "[compare][parsers]") {
    ScratchTree t;
    const std::string digits(300000, '7');
    t.write("ibpb-pulse.json", "{\"cpu\":" + digits + ",\"after\":9}\n");
    Warnings w;
    Rows rows = parseIbpbPulseJson(t.root(), w);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].factorA == "cpu" + digits);
    CHECK(w.empty());
}

TEST_CASE("a 100k-character redis test name loses its parenthesised part as awk's sub() does", "[compare][parsers]") {
    ScratchTree t;
    const std::string name(100000, 'A');
    t.write("redis-1-1.log", "\"" + name + " (first) x (second)\",\"1000\",\"1\",\"1\",\"1\",\"1\",\"1\",\"1\"\n");
    Warnings w;
    Rows rows = parseRedisCsv(t.root(), w);
    REQUIRE(rows.size() == 6);
    CHECK(rows[0].metric == name + "-RPS");
    CHECK(w.empty());
}

TEST_CASE("a 40k-character time line in tests-timestamp is split, not matched by std::regex", "[compare][parsers]") {
    ScratchTree t;
    t.write("tests-timestamp", "time :: redis " + std::string(40000, ' ') + "\ntime :: redis 1.5 u 2.5 s 3.5 e\n");
    Rows rows = parseDuration(t.root(), "redis");
    REQUIRE(rows.size() == 6);
    CHECK(rows[3].value == "1.5");
    CHECK(rows[4].value == "2.5");
    CHECK(rows[5].value == "3.5");
}

TEST_CASE("a '.' in a benchmark name matches any character in tests-timestamp, as in MonitorDuration.pm", "[compare][parsers]") {
    ScratchTree t;
    t.write("tests-timestamp", "time :: dbench4-x 1 u 2 s 3 e\ntime :: dbench4.xy 9 u 9 s 9 e\ntime :: redis-x 8 u 8 s 8 e\n");
    Rows rows = parseDuration(t.root(), "dbench4.x");
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].value == "1");
    CHECK_THROWS_WITH(parseDuration(t.root(), "../x"), "benchmark name '../x' is not a plain name (letters, digits, _ - . +)");
}
