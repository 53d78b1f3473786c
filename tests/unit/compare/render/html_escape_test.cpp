// The one escape for the HTML report and its SVG.
#include "render/html_escape.hpp"

#include <catch2/catch.hpp>

using mmtp::compare::escapeHtml;

TEST_CASE("escapeHtml turns the five markup characters into references", "[compare][html]") {
    CHECK(escapeHtml("<img src=x onerror=\"a('b')\">&") ==
          "&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;");
}

TEST_CASE("escapeHtml leaves names without markup characters as they are", "[compare][html]") {
    CHECK(escapeHtml("v7.1.3-first ZPOPMIN-RPS-1 ±5% (x) /tmp") == "v7.1.3-first ZPOPMIN-RPS-1 ±5% (x) /tmp");
    CHECK(escapeHtml("") == "");
}
