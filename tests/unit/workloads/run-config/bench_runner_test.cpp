// runtime.opts' Run: line, the settings fingerprint earlier runs are matched on.
#include "run-config/bench_runner.hpp"

#include <catch2/catch.hpp>

using namespace mmtp::runconfig;

TEST_CASE("the Run: line names the variables the bench reads, and none of run-config's", "[run-config]") {
    const std::map<std::string, std::string> env = {{"FIO_RUNTIME", "5"},
                                                    {"FIO_IO_PATTERNS", "randread"},
                                                    {"FIOLIKE_X", "1"},
                                                    {"LOGDIR_RESULTS", "/w/logs"},
                                                    {"SHELLPACK_DATA", "/w/data"},
                                                    {"PIPE_PINGPONG_LOOPS", "200"},
                                                    {"MMTESTS", "fiolike pipe-pingpong"}};
    SECTION("fiolike reads fio's shellpack variables, FIO_*") {
        CHECK(runtimeCommand("fiolike", "/b/fiolike", env) ==
              "FIOLIKE_X=1 FIO_IO_PATTERNS=randread FIO_RUNTIME=5 /b/fiolike");
    }
    SECTION("every other bench reads the variables named after it") {
        CHECK(runtimeCommand("pipe-pingpong", "/b/pipe-pingpong", env) == "PIPE_PINGPONG_LOOPS=200 /b/pipe-pingpong");
        CHECK(settingsPrefixes("redis-zpopmin") == std::vector<std::string>{"REDIS_ZPOPMIN_"});
        CHECK(runtimeCommand("ibpb-pulse", "/b/ibpb-pulse", env) == "/b/ibpb-pulse");
    }
}
