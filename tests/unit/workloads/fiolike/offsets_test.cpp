#include "fiolike/offsets.hpp"

#include <catch2/catch.hpp>
#include <vector>

using namespace mmtp::fiolike;

TEST_CASE("fiolike sequential offsets walk the file in order and wrap") {
    OffsetGenerator g(5, false, true, 100, 1);
    std::vector<uint64_t> got;
    for (int i = 0; i < 7; ++i) got.push_back(g.nextBlock(kRead));
    CHECK(got == std::vector<uint64_t>{0, 1, 2, 3, 4, 0, 1});
}

TEST_CASE("fiolike random offsets with the random map hit every block exactly once per pass") {
    for (uint64_t n : {1ull, 2ull, 3ull, 1000ull, 4097ull, 65536ull}) {
        OffsetGenerator g(n, true, true, 100, 42);
        std::vector<int> hits(n, 0);
        uint64_t inOrder = 0, prev = 0;
        for (uint64_t i = 0; i < n; ++i) {
            const uint64_t b = g.nextBlock(kRead);
            REQUIRE(b < n);
            ++hits[b];
            if (i && b == prev + 1) ++inOrder;
            prev = b;
        }
        for (uint64_t b = 0; b < n; ++b) REQUIRE(hits[b] == 1);
        if (n >= 1000) CHECK(inOrder < n / 10);  // not a sequential walk in disguise
        // a second pass covers the file again
        std::vector<int> again(n, 0);
        for (uint64_t i = 0; i < n; ++i) ++again[g.nextBlock(kRead)];
        for (uint64_t b = 0; b < n; ++b) REQUIRE(again[b] == 1);
    }
}

TEST_CASE("fiolike random offsets without the map stay in range and repeat blocks") {
    const uint64_t n = 1000;
    OffsetGenerator g(n, true, false, 100, 7);
    std::vector<int> hits(n, 0);
    for (uint64_t i = 0; i < n; ++i) {
        const uint64_t b = g.nextBlock(kRead);
        REQUIRE(b < n);
        ++hits[b];
    }
    int untouched = 0;
    for (int h : hits) untouched += h == 0;
    CHECK(untouched > 300);  // ~1/e of blocks are never drawn with replacement
}

TEST_CASE("fiolike read/write mix follows rwmixread") {
    for (unsigned pct : {0u, 30u, 70u, 100u}) {
        OffsetGenerator g(100, true, true, pct, 3);
        int reads = 0;
        const int n = 100000;
        for (int i = 0; i < n; ++i) reads += g.nextDir() == kRead;
        CHECK(std::abs(reads * 100.0 / n - pct) < 1.0);
    }
}
