// A user's regular expression over names from a tree ends in time
// polynomial in both: '(.*)*X' over a long name hung compare-kernels
// (std::regex backtracked), and the patterns that would make the automaton
// huge are refused up front with the reason.
#include "core/metric_regex.hpp"

#include <catch2/catch.hpp>
#include <regex>

using mmtp::compare::MetricRegex;
using mmtp::compare::refusedRegex;

TEST_CASE("a backtracking pattern over a long name ends, with regex_search's answer", "[compare][metric-regex]") {
    const std::string name(1024, 'a');  // the longest operation name kept (kMaxOperationNameBytes)
    CHECK_FALSE(MetricRegex("(.*)*X").search(name));
    CHECK_FALSE(MetricRegex("(a|a)*X").search(name));
    CHECK_FALSE(MetricRegex(".*.*.*.*.*.*.*.*.*.*.*.*X").search(name));
    CHECK_FALSE(MetricRegex("(.?){60}X").search(name));  // 244 atoms: near the bound
    CHECK(MetricRegex("(.*)*a").search(name));
}

TEST_CASE("matching finds what regex_search finds", "[compare][metric-regex]") {
    for (const char* pattern : {"ZPOPMIN|time", "^Hmean", "RPS$", "\\bGET\\b", "p9[59]", "(?:a|b)c", "x{2,3}y", "[^a]b",
                                "^$", "", "E2E-.*-max", "(ab)+c"}) {
        const std::regex reference(pattern);
        const MetricRegex ours(pattern);
        for (const char* name : {"Hmean-RPS-ZPOPMIN", "elapsed time", "GET", "xGETx", "a GET b", "p95", "p99 ", "ac",
                                 "bc", "xxy", "xy", "]", "", "E2E-read-max", "ababc", "ab c", "line\nRPS"}) {
            INFO(pattern << " over " << name);
            CHECK(ours.search(name) == std::regex_search(name, reference));
        }
    }
}

TEST_CASE("a pattern past the bounds is refused, naming why", "[compare][metric-regex]") {
    CHECK_FALSE(refusedRegex("(.*)*X"));
    CHECK_FALSE(refusedRegex("a{200}"));
    CHECK(refusedRegex(std::string(257, 'a')) == "is longer than 256 bytes (the regular expression limit)");
    CHECK(refusedRegex("a{300}") ==
          "grows past 256 atoms once its {m,n} repetitions are expanded (the regular expression limit)");
    CHECK(refusedRegex("((a{16}){16}){16}")->find("grows past 256 atoms") == 0);
    CHECK(refusedRegex("(x.?){90,}")->find("grows past 256 atoms") == 0);
    CHECK(refusedRegex("(a)\\1") == "holds a back-reference (\\1), which is not supported here");
    CHECK(refusedRegex("^(?!.*GET)") == "holds a lookahead ((?= or (?!), which is not supported here");
    CHECK(refusedRegex("(") == "is not a valid regular expression");
    CHECK_THROWS_AS(MetricRegex("(a)\\1"), std::invalid_argument);
}
