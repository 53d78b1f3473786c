// skip.hpp - Debian's Catch2 (v2) has no SKIP: a test case whose prerequisite
// is missing calls SKIP_TEST("reason"), which records the case and the reason
// and returns. main.cpp lists every skipped case and prints
// "unit-tests: N skipped" so tests/run-all.sh counts them as skips, not passes.
#pragma once
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::test {

// Remembers that the running test case was skipped, and why.
void recordSkip(const std::string& reason);
// (test case name, reason) for every skip so far, in order.
const std::vector<std::pair<std::string, std::string>>& skippedTests();

}  // namespace mmtp::test

#define SKIP_TEST(reason)                              \
    do {                                               \
        ::mmtp::test::recordSkip(reason);              \
        WARN("SKIP: " << (reason));                    \
        return;                                        \
    } while (0)
