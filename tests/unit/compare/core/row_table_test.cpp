#include "core/perl_scalar.hpp"
#include "core/row_table.hpp"
#include "core/text_buffer.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <utility>

using namespace mmtp::compare;

TEST_CASE("a row table splits parse-results lines as rowFromLine does", "[compare][core]") {
    const std::string text = "latency-SeqIn:block\t_\t_\t1\t410\t_\nop\tA\n\nlast\ta\tb\t3\t4.5\tR\tmore";
    RowTable table(text);
    REQUIRE(table.size() == 4);
    std::size_t i = 0;
    for (std::string_view line : {"latency-SeqIn:block\t_\t_\t1\t410\t_", "op\tA", "", "last\ta\tb\t3\t4.5\tR\tmore"}) {
        const Row want = rowFromLine(line);
        const RowView& got = table[i++];
        CHECK(got.metric == want.metric);
        CHECK(got.factorA == want.factorA);
        CHECK(got.factorB == want.factorB);
        CHECK(got.interval == want.interval);
        CHECK(got.value == want.value);
        CHECK(got.extra == want.extra);
    }
    CHECK(table[3].extra == "R");  // a seventh field is dropped, as split(/\t/) into six
}

TEST_CASE("a row table's views survive a move, short texts and native rows too", "[compare][core]") {
    RowTable shortText(std::string("a\t_\t_\t1\t2\t_"));  // fits std::string's inline buffer
    RowTable moved = std::move(shortText);
    CHECK(moved[0].metric == "a");
    CHECK(moved[0].value == "2");
    RowTable native(Rows{Row{"m", "x", "_", "1", "7", "_"}});
    RowTable movedNative = std::move(native);
    CHECK(movedNative[0].factorA == "x");
    CHECK(movedNative[0].value == "7");
}

TEST_CASE("perlNumber is numify where looksLikeNumber holds, else nothing", "[compare][core]") {
    for (const char* s : {"410", " 410 ", "-0", "+5", "1.", ".5", "1e3", "1E-2", "1e999", "-1e999", "1e-320",
                          "0.1", "123456789012345678901234567890", "nan", "-Inf", "infinity", "", " ", "1x", "x1",
                          "1e", "1e+", "--1", "+", ".", "0x10", "1 2"}) {
        INFO(s);
        const auto n = perlNumber(s);
        REQUIRE(n.has_value() == looksLikeNumber(s));
        if (!n) continue;
        const double want = numify(s);
        if (std::isnan(want)) {
            CHECK(std::isnan(*n));
        } else {
            CHECK(*n == want);
            CHECK(std::signbit(*n) == std::signbit(want));
        }
    }
    CHECK(*perlNumber("0.1") == 0.1);
    CHECK(*perlNumber("+5") == 5);
    CHECK(std::isinf(*perlNumber("1e999")));
    CHECK(*perlNumber("1e-320") > 0);  // a denormal, as strtod gives
}

TEST_CASE("a text buffer keeps every byte across its growth and hands them over on a move", "[compare][core]") {
    TextBuffer buffer;
    std::string want;
    for (int i = 0; i < 5000; ++i) {  // past several reallocations
        const std::string line = "latency-op\t_\t_\t" + std::to_string(i) + "\t" + std::to_string(i * 7) + "\t_\n";
        buffer.append(line.data(), line.size());
        want += line;
    }
    REQUIRE(buffer.view() == want);
    TextBuffer moved = std::move(buffer);
    CHECK(moved.view() == want);
    CHECK(buffer.empty());  // NOLINT(bugprone-use-after-move): a moved-from buffer is empty, by contract
    RowTable table(std::move(moved));
    REQUIRE(table.size() == 5000);
    CHECK(table[4999].interval == "4999");
    CHECK(table[4999].value == "34993");
}
