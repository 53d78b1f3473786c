// The one "time: N" stamp parser every monitor uses, and the one loop over
// a run's iterations.
#include "monitors/framing.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

TEST_CASE("a time stamp is the digits after \"time: \" at the start of a line", "[monitors][framing]") {
    CHECK(timeStampDigits("time: 1700000000") == "1700000000");
    CHECK(timeStampDigits("time: 12 short") == "12");  // top adds the block's format
    CHECK(timeStampDigits("time: 12abc") == "12");      // /^time: ([0-9]+)/ ignores the rest
    CHECK(timeStamp("time: 0042") == 42.0);
}

TEST_CASE("a line that does not start with a stamp has none", "[monitors][framing]") {
    CHECK_FALSE(timeStampDigits(" time: 12"));  // not at the start
    CHECK_FALSE(timeStampDigits("time:12"));    // no blank
    CHECK_FALSE(timeStampDigits("time: x12"));  // no digit first
    CHECK_FALSE(timeStampDigits("time: "));
    CHECK_FALSE(timeStamp("Time: 12"));
}

TEST_CASE("each iteration is read into its own rows, in order", "[monitors][framing]") {
    const std::vector<std::filesystem::path> dirs{"iter-0", "iter-1"};
    MonitorRun run = readEachIteration(dirs, [](const std::filesystem::path& dir, Rows& rows) {
        rows.push_back(Row{dir.string(), "", "", "0", "1", ""});
    });
    REQUIRE(run.iterations.size() == 2);
    CHECK(run.iterations[0].at(0).metric == "iter-0");
    CHECK(run.iterations[1].at(0).metric == "iter-1");
}
