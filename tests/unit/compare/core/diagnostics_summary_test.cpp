// The held warnings' summary: counted per kind and topic, the runs they are
// about counted, every line within 80 columns, each warning kept in full.
#include "core/diagnostics_summary.hpp"
#include "input/clock_record.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;

TEST_CASE("held warnings are counted per kind and topic with the runs they name", "[compare][warning-summary]") {
    WarningTally t;
    for (const char* run : {"a-first", "b", "a-return"})
        for (int i = 0; i < 8; ++i)
            t.add("clock", "samples under 1000 ticks", run, std::string(run) + " warning " + std::to_string(i));
    t.add("invalid run", "failed, left out of verdicts", "b", "invalid run b for redis (failed): ...");
    CHECK(t.count() == 25);
    CHECK(t.messages().front() == "a-first warning 0");
    CHECK(t.messages().back() == "invalid run b for redis (failed): ...");
    CHECK(t.summary() == std::vector<std::string>{"25 warnings held back (--warnings lists them):",
                                                  "  24 clock: samples under 1000 ticks, in 3 runs",
                                                  "  1 invalid run: failed, left out of verdicts, in 1 run"});
}

TEST_CASE("a summary line never passes 80 columns, whatever it names", "[compare][warning-summary]") {
    WarningTally t;
    t.add(std::string(100, 'k'), std::string(100, 'w'), "r", "m");
    for (const std::string& line : t.summary()) CHECK(line.size() <= 80);
    CHECK(WarningTally().summary().empty());
}

TEST_CASE("a clock record's warnings are summarised by what they are about", "[compare][warning-summary]") {
    CHECK(clockWarningTopic("r/iter-0/x-clock.json: 6 of 6 samples lasted under 1000 ticks of ms (shortest: ...)") ==
          "samples under 1000 ticks");
    CHECK(clockWarningTopic("r/iter-0/x-clock.json: ZADD: CoV 34.2 % over 3 iterations; changes under ...") ==
          "series too noisy for a call");
    CHECK_FALSE(clockWarningTopic("r/iter-0/x-clock.json: not a regular file; ignored"));
}
