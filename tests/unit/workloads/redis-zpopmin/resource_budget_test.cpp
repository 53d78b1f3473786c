#include <catch2/catch.hpp>

#include "redis-zpopmin/resource_budget.hpp"
#include "redis-zpopmin/test_suite.hpp"

#include <cstdint>

using namespace mmtp::rediszpopmin;

namespace {

Settings with(int datasize, int pipeline, int clients, const char* tests) {
    Settings s;
    s.datasize = datasize;
    s.pipeline = pipeline;
    s.minClients = s.maxClients = clients;
    s.tests = tests;
    return s;
}

}  // namespace

TEST_CASE("the client memory budget counts the suite's payload copies and clients x -P of the biggest command", "[redis-zpopmin]") {
    // One client, one SET of a 1 MiB value: the suite's copies (the value
    // itself and 15 in commands: MSET's ten, SET, LPUSH, RPUSH, HSET and
    // LRANGE's LPUSH) plus one formatted SET (the value and its RESP framing).
    const uint64_t mib = 1 << 20;
    const uint64_t one = clientMemoryBytes(with(int(mib), 1, 1, "set"));
    const uint64_t set = one - 16 * mib;
    CHECK(set > mib);
    CHECK(set < mib + 64);
    // The batches grow with -P and -c; MSET (ten values) is the biggest command.
    CHECK(clientMemoryBytes(with(int(mib), 10, 1, "set")) == 16 * mib + 10 * set);
    CHECK(clientMemoryBytes(with(int(mib), 1, 4, "set,mset")) > 16 * mib + 4 * 10 * mib);
    // At -d 3 the default -P 256 and 50 clients are nothing.
    CHECK(clientMemoryBytes(with(3, 256, 50, "")) < (64u << 20));
    // The tops of every range saturate instead of wrapping round to a small number.
    CHECK(clientMemoryBytes(with(kMaxDatasize, 1000000, 10000, "mset")) == UINT64_MAX);
}
