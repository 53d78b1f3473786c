#include "base/errors.hpp"
#include "redis-zpopmin/settings.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>

using namespace mmtp::rediszpopmin;

namespace {
Settings parse(std::vector<const char*> args) {
    args.insert(args.begin(), "redis-zpopmin");
    return parseSettings(static_cast<int>(args.size()), args.data());
}
struct EnvVar {
    const char* name;
    EnvVar(const char* n, const char* v) : name(n) { ::setenv(n, v, 1); }
    ~EnvVar() { ::unsetenv(name); }
};
}  // namespace

TEST_CASE("redis-zpopmin options take redis-benchmark's short flags and MMTests config variables", "[redis-zpopmin]") {
    Settings s = parse({"--logdir", "/tmp/x", "-n", "2000", "-r", "10", "-P", "8", "-c", "3", "-t", "get", "-d", "5"});
    CHECK(s.requests == 2000);
    CHECK(s.keyspace == 10);
    CHECK(s.pipeline == 8);
    CHECK(s.minClients == 3);
    CHECK(s.maxClients == 3);
    CHECK(s.tests == "get");
    CHECK(s.datasize == 5);
    SECTION("config variables fill in, the command line wins") {
        EnvVar a("REDIS_ZPOPMIN_ITERATIONS", "7"), b("REDIS_ZPOPMIN_REQUESTS", "999"), c("LOGDIR_RESULTS", "/tmp/y"),
            d("REDIS_ZPOPMIN_POP_MODE", "filled");
        Settings e = parse({"-n", "5"});
        CHECK(e.iterations == 7);
        CHECK(e.requests == 5);
        CHECK(e.logdir == "/tmp/y");
        CHECK(e.popMode == "filled");
    }
    SECTION("a keyspace of 0 turns -r off") { CHECK_FALSE(parse({"--logdir", "/x", "-r", "0"}).randomKeys()); }
}

TEST_CASE("bad redis-zpopmin options are usage errors naming the option", "[redis-zpopmin]") {
    CHECK_THROWS_WITH(parse({"--logdir", "/x", "--pop-mode", "x"}), Catch::Contains("--pop-mode"));
    CHECK_THROWS_WITH(parse({"--logdir", "/x", "--persistence", "disk"}), Catch::Contains("--persistence"));
    CHECK_THROWS_WITH(parse({"--logdir", "/x", "--min-clients", "4", "--max-clients", "2"}), Catch::Contains("--max-clients"));
    CHECK_THROWS_WITH(parse({"--logdir", "/x", "--attach", "localhost"}), Catch::Contains("--attach"));
    CHECK_THROWS_WITH(parse({"--logdir", "/x", "--attach-password-file", "/pw"}),
                      Catch::StartsWith("--attach-password-file is only for --attach"));
    CHECK(parse({"--logdir", "/x", "--attach", "h:1", "--attach-password-file", "/pw"}).attachPasswordFile == "/pw");
    CHECK_THROWS_WITH(parse({"--logdir", "/x", "-P", "0"}), Catch::Contains("--pipeline"));
    CHECK_THROWS_AS(parse({"-n", "10"}), mmtp::UsageError);  // no logdir
}

TEST_CASE("redis-zpopmin refuses negative numbers naming the option", "[redis-zpopmin]") {
    CHECK_THROWS_WITH(parse({"--logdir", "/x", "-P", "-1"}), "--pipeline: must be between 1 and 1000000 (got -1)");
    CHECK_THROWS_WITH(parse({"--logdir", "/x", "-r", "-1"}), Catch::StartsWith("--keyspace: must be between 0"));
    CHECK_THROWS_WITH(parse({"--logdir", "/x", "--attach", "h:99999"}), Catch::Contains("--attach"));
    EnvVar p("REDIS_ZPOPMIN_PIPELINE", "-8");
    CHECK_THROWS_WITH(parse({"--logdir", "/x"}), Catch::StartsWith("--pipeline (from REDIS_ZPOPMIN_PIPELINE)"));
}
