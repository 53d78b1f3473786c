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
          Set{{"LOOPS=20000", "PINNED=yes"}}},
         std::nullopt},
        {"fiolike", {Set{{"SIZE=4m"}}, Set{{"SIZE=4m"}}, std::nullopt, Set{{"SIZE=4m"}}}, std::nullopt}};
    CHECK(firstRunSettings(recorded) == "pipe-pingpong: LOOPS=20000 PINNED=yes; fiolike: SIZE=4m");
    // A run that recorded nothing is unknown, never "different" (as the verdicts take it).
    CHECK(settingsDifferences(recorded, runs) ==
          std::vector<std::string>{"pipe-pingpong settings: base=LOOPS=20000; cand=LOOPS=100000; return=LOOPS=20000"});
    CHECK(firstRunSettings({{"redis", {std::nullopt}, std::nullopt}}).empty());
    CHECK(firstRunSettings({{"redis", {Set{{"REDIS_CLIENTS=4"}}}, std::nullopt}}) == "REDIS_CLIENTS=4");
    CHECK(settingsDifferences({{"redis", {Set{{"A=1"}}, Set{{"A=1"}}}, std::nullopt}}, {"a", "b"}).empty());
}

TEST_CASE("the mail names the settings that differ from the workload's own defaults", "[compare][kernels][settings]") {
    const Set defaults{{"LOOPS=1000000", "PINNED=yes"}};
    CHECK(firstRunSettingsOffDefaults({{"pipe-pingpong", {Set{{"LOOPS=20000", "PINNED=yes"}}}, defaults}}) ==
          "LOOPS=20000 (1 more at their defaults)");
    CHECK(firstRunSettingsOffDefaults({{"pipe-pingpong", {Set{{"LOOPS=1000000", "PINNED=yes"}}}, defaults}}) ==
          "every setting at its default");
    // Two benchmarks: each named; one without a Defaults: line (an older tree) leaves the mail to say them all.
    const std::vector<RecordedSettings> two{{"pipe-pingpong", {Set{{"LOOPS=20000"}}}, defaults},
                                            {"fiolike", {Set{{"SIZE=4m"}}}, Set{{"SIZE=1g"}}}};
    CHECK(firstRunSettingsOffDefaults(two) == "pipe-pingpong: LOOPS=20000; fiolike: SIZE=4m");
    CHECK_FALSE(firstRunSettingsOffDefaults({{"fiolike", {Set{{"SIZE=4m"}}}, std::nullopt}}));
    CHECK_FALSE(firstRunSettingsOffDefaults({{"fiolike", {std::nullopt}, std::nullopt}}));
}
