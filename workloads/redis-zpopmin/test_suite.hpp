// test_suite.hpp - redis-benchmark 6.2/7.0's default test suite: the 20
// tests in their fixed order, their titles, the -t names that select them and
// the exact command each one sends (see REFERENCE-TOOLS.md §1.1).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::rediszpopmin {

struct TestSpec {
    std::string title;                    // CSV title, e.g. "LRANGE_100 (first 100 elements)"
    std::vector<std::string> selectors;   // -t names that select it
    std::vector<std::string> argv;        // the command, before __rand_int__ substitution
    bool inlinePing = false;              // PING_INLINE sends raw "PING\r\n"
};

// The -d payload: redis-benchmark's LCG (state 1234, *1103515245+12345,
// '0' + ((state >> 16) & 63)), so -d 3 gives "VXK".
std::string benchmarkData(int size);

// All 20 tests in order. randomKeys: -r given (ZADD's score becomes __rand_int__).
std::vector<TestSpec> defaultSuite(const std::string& data, bool randomKeys);

// -t handling: lowercased, wrapped in commas, a test runs if ",name," is a
// substring for one of its selectors. Empty list = every test. Order stays
// the suite's. Throws UsageError if the list selects nothing.
std::vector<TestSpec> selectTests(const std::vector<TestSpec>& suite, std::string_view list);

// The bytes sent for one request (RESP, as redisFormatCommandArgv makes it).
std::string formatCommand(const TestSpec& t);

}  // namespace mmtp::rediszpopmin
