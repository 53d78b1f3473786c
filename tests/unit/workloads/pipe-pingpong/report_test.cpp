#include <catch2/catch.hpp>

#include "pipe-pingpong/report.hpp"

#include <sstream>

using namespace mmtp;
using namespace mmtp::pipepingpong;

TEST_CASE("the benchlog text is perf bench sched pipe's default format") {
    // perf 6.1 for 100000 loops in 720592 us prints exactly this.
    CHECK(perfText(100000, 720592, false) ==
          "# Running 'sched/pipe' benchmark:\n"
          "# Executed 100000 pipe operations between two processes\n"
          "\n"
          "     Total time: 0.720 [sec]\n"
          "\n"
          "       7.205920 usecs/op\n"
          "         138774 ops/sec\n");
    CHECK_THAT(perfText(2000, 51558, true), Catch::Contains("between two threads\n"));
    CHECK_THAT(perfText(20000, 12295060, false), Catch::Contains("     Total time: 12.295 [sec]\n"));
}

TEST_CASE("the RFC line uses ib_spec_bench's integer arithmetic") {
    CHECK(rfcLine(262144, 1210821) == "iters: 262144, t: 1210821us, iter/sec: 216501, us/iter: 4\n");
    CHECK(rfcLine(131072, 1257583) == "iters: 131072, t: 1257583us, iter/sec: 104225, us/iter: 9\n");
}

TEST_CASE("a benchlog has exactly one usecs/op line for MMTests' perfpipe parser") {
    ReportContext ctx;
    ctx.mode = Mode::Child;
    ctx.binding = "pinned";
    ExchangeResult r;
    r.loops = 1000;
    r.elapsedNs = 5123456;
    r.parent.maskAfter = r.parent.maskBefore = 3;
    r.child.maskBefore = 3;
    r.child.maskAfter = 5;
    std::string text = benchlog(ctx, r);
    std::istringstream in(text);
    std::string line, value;
    int matches = 0;
    while (std::getline(in, line))
        if (line.find("usecs/op") != std::string::npos) {
            ++matches;
            std::istringstream(line) >> value;
        }
    CHECK(matches == 1);
    CHECK(value == "5.123000");
    CHECK_THAT(text, Catch::Contains("iters: 1000, t: 5123us"));
    CHECK_THAT(text, Catch::Contains("mode=d"));
    CHECK_THAT(text, Catch::Contains("child: cpu=-1 ib-spec=PRCTL|DISABLE (was PRCTL|ENABLE)"));
    CHECK(text.rfind("# Running 'sched/pipe' benchmark:\n", 0) == 0);
}
