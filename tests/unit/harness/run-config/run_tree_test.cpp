#include "base/errors.hpp"
#include "run-config/run_tree.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <sys/wait.h>

using namespace mmtp::runconfig;

TEST_CASE("run-config writes /usr/bin/time's lines, with the non-zero status line only on failure", "[run-config]") {
    mmtp::ExitStatus ok;
    ok.raw = 0;
    ok.usage.ru_utime = {1, 230000};
    ok.usage.ru_stime = {0, 50000};
    CHECK(timeLines("redis-zpopmin", ok, 12.345) == "time :: redis-zpopmin 1.23 user 0.05 system 12.35 elapsed\n");
    mmtp::ExitStatus bad = ok;
    bad.raw = 3 << 8;
    CHECK(timeLines("x", bad, 1) == "Command exited with non-zero status 3\ntime :: x 1.23 user 0.05 system 1.00 elapsed\n");
    mmtp::ExitStatus killed = ok;
    killed.raw = SIGKILL;
    CHECK(timeLines("x", killed, 1).rfind("Command terminated by signal 9\n", 0) == 0);
    CHECK(killed.shellCode() == 137);
}

TEST_CASE("run-config reads env -0 output and the MMTESTS word list", "[run-config]") {
    static const char raw[] = "A=1\0MMTESTS= redis-zpopmin  fiolike\0EMPTY=\0MULTI=a\nb\0";
    std::string block(raw, sizeof raw - 1);
    auto env = parseEnvBlock(block);
    CHECK(env["A"] == "1");
    CHECK(env["EMPTY"].empty());
    CHECK(env["MULTI"] == "a\nb");
    CHECK(splitWords(env["MMTESTS"]) == std::vector<std::string>{"redis-zpopmin", "fiolike"});
}

TEST_CASE("run names are limited to what compare-mmtests can list", "[run-config]") {
    CHECK_NOTHROW(validateRunName("v7.1.3-first_a+b"));
    CHECK_THROWS_AS(validateRunName("a,b"), mmtp::UsageError);
    CHECK_THROWS_AS(validateRunName("a/b"), mmtp::UsageError);
    CHECK_THROWS_AS(validateRunName(".."), mmtp::UsageError);
    CHECK_THROWS_AS(validateRunName(""), mmtp::UsageError);
}
