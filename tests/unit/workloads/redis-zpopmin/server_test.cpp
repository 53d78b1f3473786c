// Runs against a real redis-server (each case reports SKIP if none is installed).
#include "base/errors.hpp"
#include "redis-zpopmin/batch_buffer.hpp"
#include "redis-zpopmin/redis_server.hpp"
#include "redis-zpopmin/test_runner.hpp"
#include "skip.hpp"

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <hiredis/hiredis.h>
#include <regex>
#include <unistd.h>

using namespace mmtp::rediszpopmin;
namespace fs = std::filesystem;

namespace {
bool haveRedis() { return ::system("command -v redis-server >/dev/null 2>&1") == 0; }

ServerOptions memonly(const fs::path& log) {
    ServerOptions o;
    o.persistence = "memonly";
    o.logFile = log;
    return o;
}

std::vector<TestSpec> pick(const std::string& list) { return selectTests(defaultSuite("VXK", true), list); }

// MONITOR lines for everything the runs in `body` send, AUTH aside.
std::vector<std::string> monitor(const Endpoint& ep, const std::function<void()>& body, std::size_t expected) {
    redisContext* c = redisConnect(ep.host.c_str(), ep.port);
    REQUIRE((c && !c->err));
    freeReplyObject(redisCommand(c, "AUTH %s", ep.password.c_str()));
    void* r = redisCommand(c, "MONITOR");
    freeReplyObject(r);
    body();
    timeval tv{3, 0};
    redisSetTimeout(c, tv);
    std::vector<std::string> lines;
    while (lines.size() < expected) {
        void* rv = nullptr;
        if (redisGetReply(c, &rv) != REDIS_OK) break;
        auto* rep = static_cast<redisReply*>(rv);
        std::string s(rep->str, rep->len);
        freeReplyObject(rep);
        auto q = s.find("] ");
        std::string line = q == std::string::npos ? s : s.substr(q + 2);
        if (line.rfind("\"AUTH\"", 0) != 0) lines.push_back(line);  // each connection's AUTH, before its test
    }
    redisFree(c);
    return lines;
}
}  // namespace

TEST_CASE("a test sends redis-benchmark's command text with random 12-digit keys inside the keyspace", "[redis-zpopmin][server]") {
    if (!haveRedis()) SKIP_TEST("redis-server is not installed (scripts/install-deps.sh --test)");
    fs::path log = fs::temp_directory_path() / ("rzp-ut-" + std::to_string(::getpid()) + ".log");
    {
        RedisServer srv(memonly(log));
        RunParams p{1, 4, 8, true, 1000};
        KeyRng rng(7);
        auto tests = pick("set,zadd,zpopmin,mset");
        auto lines = monitor(srv.endpoint(), [&] {
            for (const auto& t : tests) runTest(t, p, srv.endpoint(), rng);
        }, 32);
        REQUIRE(lines.size() == 32);
        const std::regex set(R"re("SET" "key:(\d{12})" "VXK")re");
        const std::regex zadd(R"re("ZADD" "myzset" "(\d{12})" "element:(\d{12})")re");
        const std::regex mset(R"re("MSET"( "key:\d{12}" "VXK"){10})re");
        std::smatch m;
        std::string keys[2];  // each batch of 4 its own keys
        for (int i = 0; i < 8; ++i) {
            INFO(lines[i]);
            REQUIRE(std::regex_match(lines[i], m, set));
            CHECK(std::stoull(m[1]) < 1000);
            keys[i / 4] += m[1].str() + " ";
        }
        CHECK(keys[0] != keys[1]);
        for (int i = 8; i < 16; ++i) {
            INFO(lines[i]);
            REQUIRE(std::regex_match(lines[i], m, zadd));
            CHECK(std::stoull(m[1]) < 1000);
            CHECK(std::stoull(m[2]) < 1000);
        }
        for (int i = 16; i < 24; ++i) CHECK(lines[i] == "\"ZPOPMIN\" \"myzset\"");
        for (int i = 24; i < 32; ++i) CHECK(std::regex_match(lines[i], mset));
    }
    fs::remove(log);
}

TEST_CASE("-n is shared by the clients and the overshoot matches redis-benchmark", "[redis-zpopmin][server]") {
    if (!haveRedis()) SKIP_TEST("redis-server is not installed (scripts/install-deps.sh --test)");
    fs::path log = fs::temp_directory_path() / ("rzp-ut2-" + std::to_string(::getpid()) + ".log");
    {
        RedisServer srv(memonly(log));
        KeyRng rng(1);
        auto get = pick("get");
        TestOutcome one = runTest(get[0], RunParams{1, 7, 100, true, 10}, srv.endpoint(), rng);
        CHECK(one.requestsFinished == 105);
        CHECK(one.histogram->totalCount() == 100);
        TestOutcome three = runTest(get[0], RunParams{3, 4, 10, true, 10}, srv.endpoint(), rng);
        CHECK(three.requestsFinished >= 10);
        CHECK(three.requestsFinished <= 12);
        CHECK(three.histogram->totalCount() == 10);
        CHECK(three.replies.total() == 12);  // in-flight batches drained after the clock stops
    }
    fs::remove(log);
}

TEST_CASE("ZPOPMIN's real and empty replies add up to the set it drained", "[redis-zpopmin][server]") {
    if (!haveRedis()) SKIP_TEST("redis-server is not installed (scripts/install-deps.sh --test)");
    fs::path log = fs::temp_directory_path() / ("rzp-ut3-" + std::to_string(::getpid()) + ".log");
    {
        RedisServer srv(memonly(log));
        KeyRng rng(3);
        auto t = pick("zadd,zpopmin");
        RunParams p{2, 16, 3000, true, 2000};
        runTest(t[0], p, srv.endpoint(), rng);
        long long before = srv.integerCommand({"ZCARD", "myzset"});
        REQUIRE(before > 1000);
        REQUIRE(before <= 2000);
        TestOutcome pop = runTest(t[1], p, srv.endpoint(), rng);
        long long after = srv.integerCommand({"ZCARD", "myzset"});
        CHECK(after == 0);
        CHECK(pop.replies.real == static_cast<uint64_t>(before - after));
        CHECK(pop.replies.empty == pop.replies.total() - pop.replies.real);
        CHECK(pop.replies.errors == 0);
        CHECK(pop.replies.total() >= 3000);
    }
    fs::remove(log);
}

TEST_CASE("the server is gone, with its temp dir, after the object dies; a dead server is reported", "[redis-zpopmin][server]") {
    if (!haveRedis()) SKIP_TEST("redis-server is not installed (scripts/install-deps.sh --test)");
    fs::path log = fs::temp_directory_path() / ("rzp-ut4-" + std::to_string(::getpid()) + ".log");
    pid_t pid;
    {
        RedisServer srv(memonly(log));
        pid = srv.pid();
        REQUIRE(::kill(pid, 0) == 0);
        ::kill(pid, SIGKILL);
        KeyRng rng(1);
        auto get = pick("get");
        CHECK_THROWS_AS(runTest(get[0], RunParams{1, 16, 100000, true, 10}, srv.endpoint(), rng), mmtp::Error);
        CHECK_THROWS_WITH(srv.checkAlive(std::chrono::milliseconds(2000)), Catch::Contains("killed by SIGKILL"));
    }
    CHECK(::kill(pid, 0) != 0);
    fs::remove(log);
    SECTION("a missing binary fails with a clear message") {
        ServerOptions o = memonly(log);
        o.binary = "/nonexistent/redis-server";
        CHECK_THROWS_WITH(RedisServer(o), Catch::Contains("cannot run /nonexistent/redis-server"));
    }
    SECTION("a port that is taken fails before anything starts") {
        RedisServer first(memonly(log));
        ServerOptions o = memonly(log);
        o.port = first.endpoint().port;
        CHECK_THROWS_WITH(RedisServer(o), Catch::Contains("already in use"));
    }
    fs::remove(log);
}

TEST_CASE("the server it starts refuses clients without its random password", "[redis-zpopmin][server]") {
    if (!haveRedis()) SKIP_TEST("redis-server is not installed (scripts/install-deps.sh --test)");
    fs::path log = fs::temp_directory_path() / ("rzp-ut6-" + std::to_string(::getpid()) + ".log");
    {
        RedisServer srv(memonly(log));
        REQUIRE(srv.endpoint().password.size() == 64);
        redisContext* c = redisConnect(srv.endpoint().host.c_str(), srv.endpoint().port);
        REQUIRE((c && !c->err));
        auto* r = static_cast<redisReply*>(redisCommand(c, "CLIENT PAUSE 10000"));
        REQUIRE(r);
        CHECK(r->type == REDIS_REPLY_ERROR);
        CHECK(std::string(r->str, r->len).rfind("NOAUTH", 0) == 0);
        freeReplyObject(r);
        redisFree(c);
        Endpoint wrong = srv.endpoint();
        wrong.password = "not-the-password";
        CHECK_THROWS_WITH(Connection(wrong), Catch::Contains("refused AUTH"));
        Connection right(srv.endpoint());  // AUTHs, or throws
        CHECK(srv.integerCommand({"ZCARD", "nokey"}) == 0);
    }
    fs::remove(log);
}

TEST_CASE("the server can be bound to CPUs and the client can attach to a running server", "[redis-zpopmin][server]") {
    if (!haveRedis()) SKIP_TEST("redis-server is not installed (scripts/install-deps.sh --test)");
    fs::path log = fs::temp_directory_path() / ("rzp-ut5-" + std::to_string(::getpid()) + ".log");
    {
        ServerOptions o = memonly(log);
        o.cpus = {0};
        RedisServer srv(o);
        std::ifstream st("/proc/" + std::to_string(srv.pid()) + "/status");
        std::string line, allowed;
        while (std::getline(st, line))
            if (line.rfind("Cpus_allowed_list:", 0) == 0) allowed = line.substr(line.find_first_not_of(" \t", 18));
        CHECK(allowed == "0");

        ServerOptions a = memonly(log);
        a.attach = srv.endpoint();
        {
            RedisServer attached(a);
            CHECK(attached.attached());
            CHECK(attached.integerCommand({"ZCARD", "nokey"}) == 0);
        }
        CHECK(::kill(srv.pid(), 0) == 0);  // detaching leaves the server alone
    }
    fs::remove(log);
}

TEST_CASE("a redis-server that cannot start is tried once, and the error shows only its own log lines", "[redis-zpopmin][server]") {
    const fs::path dir = fs::temp_directory_path() / ("rzp-start-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path tries = dir / "tries", fake = dir / "fake-redis-server", log = dir / "redis-server.log";
    // Fails the same way every time, as a bad config or binary does.
    std::ofstream(fake) << "#!/bin/sh\necho try >> " << tries.string() << "\necho 'fatal: this start failed' >&2\nexit 1\n";
    fs::permissions(fake, fs::perms::owner_all);
    std::ofstream(log) << "an earlier server's line\n";
    std::ofstream(log.string() + ".stdout") << "an earlier server's stdout\n";
    ServerOptions o = memonly(log);
    o.binary = fake.string();
    std::string message;
    try {
        RedisServer server(o);
    } catch (const mmtp::Error& e) {
        message = e.what();
    }
    std::ifstream in(tries);
    int n = 0;
    for (std::string l; std::getline(in, l);) ++n;
    CHECK(n == 1);
    CHECK_THAT(message, Catch::Contains("fatal: this start failed"));
    CHECK_THAT(message, !Catch::Contains("an earlier server"));
    // The server wrote into our private dir; its lines are appended to the
    // log dir's copy even though the constructor threw.
    std::ifstream published(log.string() + ".stdout");
    const std::string all((std::istreambuf_iterator<char>(published)), std::istreambuf_iterator<char>());
    CHECK(all == "an earlier server's stdout\nfatal: this start failed\n");
    fs::remove_all(dir);
}
