// --sub-heading over hostile operation names: ".*X" is a substring search,
// anything else the regex it was.
#include "core/subheading_match.hpp"

#include <catch2/catch.hpp>

using mmtp::compare::SubheadingMatch;

TEST_CASE("a .*LITERAL sub-heading matches a 200k-character name without recursing", "[compare][subheading]") {
    std::string hostile(200000, 'A');
    SubheadingMatch rps(".*RPS");
    CHECK(rps.matches(hostile + "-RPS-1", true));
    CHECK(rps.matches(hostile + "-RPS-1", false));
    CHECK_FALSE(rps.matches(hostile + "-lat95-1", true));
    CHECK(rps.matches("GET-RPS-1", true));
}

TEST_CASE("other sub-headings keep their regex meaning, anchored or not", "[compare][subheading]") {
    SubheadingMatch rps("RPS");
    CHECK_FALSE(rps.matches("GET-RPS-1", true));  // compare-mmtests.pl's /^RPS.*/
    CHECK(rps.matches("GET-RPS-1", false));       // its label filter /RPS/
    SubheadingMatch alt(".*(RPS|lat)");
    CHECK(alt.matches("GET-lat95-1", true));
    CHECK_THROWS_AS(SubheadingMatch("("), std::regex_error);
}
