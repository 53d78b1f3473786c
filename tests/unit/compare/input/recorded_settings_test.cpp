// The runs' recorded settings, as the header says them: the first run's,
// and per benchmark what differs between the runs that recorded any.
#include "input/recorded_settings.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::compare;
using Set = std::optional<std::vector<std::string>>;

TEST_CASE("the header's settings are the first run's, and what differs is named per run",
          "[compare][kernels][settings]") {
    const std::vector<std::string> runs{"base", "cand", "mmtests", "return"};
    const std::vector<RecordedSettings> recorded{
        {"pipe-pingpong",
         {Set{{"LOOPS=20000", "PINNED=yes"}}, Set{{"LOOPS=100000", "PINNED=yes"}}, std::nullopt,
          Set{{"LOOPS=20000", "PINNED=yes"}}}},
        {"fiolike", {Set{{"SIZE=4m"}}, Set{{"SIZE=4m"}}, std::nullopt, Set{{"SIZE=4m"}}}}};
    CHECK(firstRunSettings(recorded) == "pipe-pingpong: LOOPS=20000 PINNED=yes; fiolike: SIZE=4m");
    // A run that recorded nothing is unknown, never "different" (as the verdicts take it).
    CHECK(settingsDifferences(recorded, runs) ==
          std::vector<std::string>{"pipe-pingpong settings: base=LOOPS=20000; cand=LOOPS=100000; return=LOOPS=20000"});
    CHECK(firstRunSettings({{"redis", {std::nullopt}}}).empty());
    CHECK(firstRunSettings({{"redis", {Set{{"REDIS_CLIENTS=4"}}}}}) == "REDIS_CLIENTS=4");
    CHECK(settingsDifferences({{"redis", {Set{{"A=1"}}, Set{{"A=1"}}}}}, {"a", "b"}).empty());
}
