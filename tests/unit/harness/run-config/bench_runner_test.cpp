// runtime.opts' Run: line, the settings fingerprint earlier runs are matched on.
#include "run-config/bench_runner.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::runconfig;

TEST_CASE("the Run: line names the variables the bench says it reads, set by the config, in name order",
          "[run-config]") {
    const std::map<std::string, std::string> env = {
        {"B_RUNTIME", "5"}, {"B_PATTERNS", "randread"},    {"B_UNREAD", "1"},
        {"O_DIRECT", "1"},  {"LOGDIR_RESULTS", "/w/logs"}, {"MMTESTS", "b"}};
    const std::vector<std::string> reads = {"B_RUNTIME", "B_PATTERNS", "O_DIRECT", "B_UNSET"};
    CHECK(runtimeCommand(reads, "/b/b", env) == "B_PATTERNS=randread B_RUNTIME=5 O_DIRECT=1 /b/b");
    CHECK(runtimeCommand({}, "/b/ib", env) == "/b/ib");
}
