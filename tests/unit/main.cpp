// The Catch2 (v2) runner for every file in tests/unit/. After Catch's own
// summary it lists the test cases that skipped (SKIP_TEST, skip.hpp) and ends
// with "unit-tests: N skipped", which tests/run-all.sh reads.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "skip.hpp"

#include <cstdio>

int main(int argc, char* argv[]) {
    const int failed = Catch::Session().run(argc, argv);
    const auto& skipped = mmtp::test::skippedTests();
    for (const auto& [name, reason] : skipped) std::printf("SKIP %s: %s\n", name.c_str(), reason.c_str());
    if (!skipped.empty()) std::printf("unit-tests: %zu skipped\n", skipped.size());
    return failed;
}
