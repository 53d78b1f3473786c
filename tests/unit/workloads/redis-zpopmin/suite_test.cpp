#include "base/errors.hpp"
#include "redis-zpopmin/batch_buffer.hpp"
#include "redis-zpopmin/client_counts.hpp"
#include "redis-zpopmin/latency_histogram.hpp"
#include "redis-zpopmin/report.hpp"
#include "redis-zpopmin/resp_scanner.hpp"
#include "redis-zpopmin/test_suite.hpp"

#include <catch2/catch.hpp>
#include <cstdio>
#include <set>
#include <string>

using namespace mmtp::rediszpopmin;

namespace {
std::vector<std::string> titles(const std::vector<TestSpec>& s) {
    std::vector<std::string> t;
    for (const auto& x : s) t.push_back(x.title);
    return t;
}
}  // namespace

TEST_CASE("the -d payload is redis-benchmark's LCG output, VXK for 3 bytes", "[redis-zpopmin]") {
    CHECK(benchmarkData(3) == "VXK");
    CHECK(benchmarkData(5).substr(0, 3) == "VXK");
}

TEST_CASE("the default suite has redis-benchmark 7.0's 20 tests in order with their exact commands", "[redis-zpopmin]") {
    auto s = defaultSuite("VXK", true);
    REQUIRE(titles(s) == std::vector<std::string>{
                             "PING_INLINE", "PING_MBULK", "SET", "GET", "INCR", "LPUSH", "RPUSH", "LPOP", "RPOP", "SADD",
                             "HSET", "SPOP", "ZADD", "ZPOPMIN", "LPUSH (needed to benchmark LRANGE)",
                             "LRANGE_100 (first 100 elements)", "LRANGE_300 (first 300 elements)",
                             "LRANGE_500 (first 500 elements)", "LRANGE_600 (first 600 elements)", "MSET (10 keys)"});
    CHECK(formatCommand(s[0]) == "PING\r\n");
    CHECK(formatCommand(s[1]) == "*1\r\n$4\r\nPING\r\n");
    CHECK(formatCommand(s[2]) == "*3\r\n$3\r\nSET\r\n$16\r\nkey:__rand_int__\r\n$3\r\nVXK\r\n");
    CHECK(formatCommand(s[4]) == "*2\r\n$4\r\nINCR\r\n$20\r\ncounter:__rand_int__\r\n");
    CHECK(formatCommand(s[12]) == "*4\r\n$4\r\nZADD\r\n$6\r\nmyzset\r\n$12\r\n__rand_int__\r\n$20\r\nelement:__rand_int__\r\n");
    CHECK(formatCommand(s[13]) == "*2\r\n$7\r\nZPOPMIN\r\n$6\r\nmyzset\r\n");
    CHECK(formatCommand(s[17]) == "*4\r\n$6\r\nLRANGE\r\n$6\r\nmylist\r\n$1\r\n0\r\n$3\r\n499\r\n");
    CHECK(s[19].argv.size() == 21);
    SECTION("without -r ZADD's score is the literal 0") {
        auto plain = defaultSuite("VXK", false);
        CHECK(plain[12].argv == std::vector<std::string>{"ZADD", "myzset", "0", "element:__rand_int__"});
    }
}

TEST_CASE("-t selects by comma-wrapped name, keeps suite order and ignores case", "[redis-zpopmin]") {
    auto s = defaultSuite("VXK", true);
    CHECK(titles(selectTests(s, "zpopmin,GET,zadd")) == std::vector<std::string>{"GET", "ZADD", "ZPOPMIN"});
    CHECK(titles(selectTests(s, "ping")) == std::vector<std::string>{"PING_INLINE", "PING_MBULK"});
    CHECK(titles(selectTests(s, "lpush")) == std::vector<std::string>{"LPUSH"});
    CHECK(titles(selectTests(s, "lrange_300")) ==
          std::vector<std::string>{"LPUSH (needed to benchmark LRANGE)", "LRANGE_300 (first 300 elements)"});
    CHECK(selectTests(s, "").size() == 20);
    CHECK_THROWS_AS(selectTests(s, "zpop"), mmtp::UsageError);
}

TEST_CASE("a batch holds P copies and every placeholder gets its own 12-digit key below the keyspace", "[redis-zpopmin]") {
    auto s = defaultSuite("VXK", true);
    std::string cmd = formatCommand(s[19]);  // MSET: 10 keys per command
    BatchBuffer b(cmd, 7);
    REQUIRE(b.placeholders() == 70);
    REQUIRE(b.bytes().size() == cmd.size() * 7);
    KeyRng rng(42);
    std::set<std::string> seen;
    for (int round = 0; round < 50; ++round) {
        b.randomize(rng, 1000);
        std::size_t pos = 0, found = 0;
        while ((pos = b.bytes().find("key:", pos)) != std::string::npos) {
            std::string digits = b.bytes().substr(pos + 4, 12);
            REQUIRE(digits.find_first_not_of("0123456789") == std::string::npos);
            REQUIRE(std::stoull(digits) < 1000);
            REQUIRE(digits.substr(0, 9) == "000000000");
            seen.insert(digits);
            pos += 16;
            ++found;
        }
        REQUIRE(found == 70);
    }
    CHECK(seen.size() > 900);  // 3500 draws cover most of [0,1000)
    SECTION("a keyspace of 1 always gives key 0") {
        b.randomize(rng, 1);
        CHECK(b.bytes().find("key:000000000000") != std::string::npos);
        CHECK(b.bytes().find("key:000000000001") == std::string::npos);
    }
    SECTION("a small keyspace after a large one clears the high digits again") {
        b.randomize(rng, BatchBuffer::kMaxKeyspace);
        CHECK(b.bytes().find("key:000000000") == std::string::npos);  // 1 in 10^9 per key
        b.randomize(rng, 10);
        std::size_t pos = 0, found = 0;
        while ((pos = b.bytes().find("key:", pos)) != std::string::npos) {
            CHECK(b.bytes().substr(pos + 4, 11) == "00000000000");
            pos += 16;
            ++found;
        }
        CHECK(found == 70);
    }
}

TEST_CASE("every key a batch gets is its draw, zero-padded to 12 digits, whatever keyspace came before", "[redis-zpopmin]") {
    auto s = defaultSuite("VXK", true);
    const std::string cmd = formatCommand(s[19]);  // MSET: 10 keys per command
    BatchBuffer b(cmd, 3);
    KeyRng rng(2024), ref(2024);
    for (uint64_t keyspace : {BatchBuffer::kMaxKeyspace, uint64_t(50000), uint64_t(7), uint64_t(100), uint64_t(123456789),
                              uint64_t(1), uint64_t(99), uint64_t(1000), uint64_t(10000), uint64_t(999999999999)}) {
        INFO("keyspace " << keyspace);
        b.randomize(rng, keyspace);
        std::size_t pos = 0, found = 0;
        while ((pos = b.bytes().find("key:", pos)) != std::string::npos) {
            char want[24];
            std::snprintf(want, sizeof want, "%012llu", static_cast<unsigned long long>(ref.below(keyspace)));
            REQUIRE(b.bytes().substr(pos + 4, 12) == want);
            pos += 16;
            ++found;
        }
        REQUIRE(found == b.placeholders());
    }
}

TEST_CASE("latency buckets match HdrHistogram(10, 3000000, 3) as redis-benchmark prints them", "[redis-zpopmin]") {
    CHECK(LatencyHistogram::lowestEquivalent(79) == 72);
    CHECK(LatencyHistogram::highestEquivalent(79) == 79);
    CHECK(LatencyHistogram::highestEquivalent(100) == 103);
    CHECK(LatencyHistogram::highestEquivalent(16383) == 16383);
    CHECK(LatencyHistogram::lowestEquivalent(16390) == 16384);
    CHECK(LatencyHistogram::highestEquivalent(16390) == 16399);
    LatencyHistogram h;
    h.record(100, 90);
    h.record(200, 9);
    h.record(5000000, 1);  // clamped
    CHECK(h.totalCount() == 100);
    CHECK(h.minUs() == 96);
    CHECK(h.percentileUs(50) == 103);
    CHECK(h.percentileUs(95) == 207);
    CHECK(h.percentileUs(99) == 207);
    CHECK(h.maxUs() == LatencyHistogram::highestEquivalent(3000000));
    CHECK(h.meanUs() == Approx((90.0 * 100 + 9.0 * 204 + LatencyHistogram::lowestEquivalent(3000000) + 1024) / 100));
}

TEST_CASE("a CSV row uses redis-benchmark's float arithmetic and formats", "[redis-zpopmin]") {
    TestOutcome o;
    o.title = "ZPOPMIN";
    o.requestsFinished = 2000;
    o.totlatencyMs = 8;
    o.elapsedNs = 8499000;  // the same span, 8.499 ms: redis-benchmark's mstime() says 8
    o.histogram->record(40, 1000);
    o.histogram->record(90, 1000);
    CHECK(csvHeader() ==
          "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"\n");
    SECTION("--rps-clock ms: requests / whole milliseconds, as redis-benchmark") {
        CHECK(csvRow(o, RpsClock::Ms) ==
              "\"ZPOPMIN\",\"249999.98\",\"0.068\",\"0.040\",\"0.047\",\"0.095\",\"0.095\",\"0.095\"\n");
        CHECK_FALSE(o.msClockTooCoarse(RpsClock::Ms));
    }
    SECTION("the default: requests / the nanosecond span, in the same layout") {
        CHECK(csvRow(o, RpsClock::Ns) ==
              "\"ZPOPMIN\",\"235321.80\",\"0.068\",\"0.040\",\"0.047\",\"0.095\",\"0.095\",\"0.095\"\n");
        CHECK_FALSE(o.msClockTooCoarse(RpsClock::Ns));
    }
    SECTION("a run under 1 ms (redis-benchmark: inf) takes its rps from the nanosecond span") {
        o.totlatencyMs = 0;
        o.elapsedNs = 400000;  // 2000 requests in 0.4 ms
        CHECK(o.msClockTooCoarse(RpsClock::Ms));
        CHECK(csvRow(o, RpsClock::Ms).rfind("\"ZPOPMIN\",\"5000000.00\",", 0) == 0);
        CHECK(csvRow(o, RpsClock::Ns).rfind("\"ZPOPMIN\",\"5000000.00\",", 0) == 0);
    }
}

TEST_CASE("the RESP scanner counts replies split at any byte and sorts them into real, empty and error", "[redis-zpopmin]") {
    const std::string stream = "+OK\r\n:12\r\n$-1\r\n*0\r\n*2\r\n$7\r\nelement\r\n$1\r\n5\r\n"
                               "-ERR wrong\r\n*-1\r\n$0\r\n\r\n*2\r\n*1\r\n:1\r\n$2\r\nab\r\n";
    for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
        RespScanner s;
        std::size_t n = s.feed(stream.data(), cut) + s.feed(stream.data() + cut, stream.size() - cut);
        INFO("cut at " << cut);
        REQUIRE(n == 9);
        REQUIRE(s.counts().real == 5);
        REQUIRE(s.counts().empty == 3);
        REQUIRE(s.counts().errors == 1);
        REQUIRE(s.idle());
    }
    RespScanner bad;
    CHECK_THROWS_AS(bad.feed("?x\r\n", 4), mmtp::Error);
}

TEST_CASE("the RESP scanner reads a stream fed byte by byte as it reads it whole", "[redis-zpopmin]") {
    // Long lines, a bulk holding CRLF, the longest length line, nesting.
    const std::string stream = "-ERR a message longer than any length line\r\n$4\r\na\r\nb\r\n"
                               ":-123456789012345678\r\n*3\r\n*-1\r\n*0\r\n$-1\r\n"
                               "$000000000000000002\r\nxy\r\n*1\r\n*1\r\n+nested\r\n$-1\r\n";
    RespScanner whole;
    REQUIRE(whole.feed(stream.data(), stream.size()) == 7);
    CHECK(whole.counts().real == 5);
    CHECK(whole.counts().empty == 1);
    CHECK(whole.counts().errors == 1);
    RespScanner bytes;
    std::size_t n = 0;
    for (char c : stream) n += bytes.feed(&c, 1);
    CHECK(n == 7);
    CHECK(bytes.counts().real == whole.counts().real);
    CHECK(bytes.counts().empty == whole.counts().empty);
    CHECK(bytes.counts().errors == whole.counts().errors);
    CHECK(bytes.idle());
    SECTION("a length line in three pieces") {
        RespScanner s;
        CHECK(s.feed("$", 1) + s.feed("1", 1) + s.feed("0\r", 2) == 0);
        CHECK_FALSE(s.idle());
        CHECK(s.feed("\n0123456789\r\n", 13) == 1);
        CHECK(s.idle());
    }
}

TEST_CASE("the RESP scanner counts runs of one-line replies whole as it counts them byte by byte", "[redis-zpopmin]") {
    // Whole, the runs take the scanner's short-reply path (5 bytes or more
    // left); byte by byte they cannot. Then near misses of each short form:
    // nil -12, ":10", an array "*01", "+OKAY", a bulk holding "-1\r", an
    // error "-1".
    std::string stream;
    for (int i = 0; i < 50; ++i) stream += "$-1\r\n*0\r\n:1\r\n+OK\r\n";
    stream += "$-12\r\n*0\r\n:10\r\n*01\r\n:1\r\n+OKAY\r\n$3\r\n-1\r\r\n-1\r\n:0\r\n$-1\r\n";
    RespScanner whole;
    const std::size_t n = whole.feed(stream.data(), stream.size());
    RespScanner bytes;
    std::size_t m = 0;
    for (char c : stream) m += bytes.feed(&c, 1);
    CHECK(n == 200 + 9);
    CHECK(m == n);
    CHECK(whole.counts().empty == 100 + 3);
    CHECK(whole.counts().real == 100 + 5);
    CHECK(whole.counts().errors == 1);
    CHECK(bytes.counts().empty == whole.counts().empty);
    CHECK(bytes.counts().real == whole.counts().real);
    CHECK(bytes.counts().errors == 1);
    CHECK(whole.idle());
    CHECK(bytes.idle());
}

TEST_CASE("the RESP scanner refuses length lines that are not RESP, whole or split", "[redis-zpopmin]") {
    for (std::string bad : {"$x\r\n", "$\r\n", "$1\rx", "$1x\r\n", "*-\r\n", "$1234567890123456789\r\n"}) {
        INFO(bad);
        RespScanner whole;
        CHECK_THROWS_AS(whole.feed(bad.data(), bad.size()), mmtp::Error);
        RespScanner split;
        CHECK_THROWS_AS(split.feed(bad.data(), 1) + split.feed(bad.data() + 1, bad.size() - 1), mmtp::Error);
    }
}

TEST_CASE("client counts step like MMTests' generate-stride-range --stride-large", "[redis-zpopmin]") {
    CHECK(largeStrideClients(1, 1, 2) == std::vector<int>{1});
    CHECK(largeStrideClients(1, 2, 2) == std::vector<int>{1, 2});
    CHECK(largeStrideClients(1, 4, 2) == std::vector<int>{1, 3, 4});
    CHECK(largeStrideClients(1, 8, 2) == std::vector<int>{1, 3, 5, 7, 8});
    CHECK(largeStrideClients(1, 40, 2) == std::vector<int>{1, 4, 7, 8, 12, 16, 20, 21, 24, 28, 30, 32, 36, 40});
    CHECK(largeStrideClients(3, 2, 2).empty());
}
