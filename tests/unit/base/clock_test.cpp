#include <catch2/catch.hpp>

#include "base/clock.hpp"

#include <chrono>
#include <thread>

using namespace mmtp;

TEST_CASE("the monotonic clock never goes back and measures a sleep") {
    std::uint64_t prev = monotonicNs();
    for (int i = 0; i < 1000; ++i) {
        std::uint64_t now = monotonicNs();
        REQUIRE(now >= prev);
        prev = now;
    }
    const std::uint64_t t0 = monotonicNs();
    const double s0 = monotonicSeconds();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const std::uint64_t elapsed = monotonicNs() - t0;
    CHECK(elapsed >= 20'000'000u);
    CHECK(elapsed < 5'000'000'000u);
    CHECK(monotonicSeconds() - s0 >= 0.02);
    // Both read the same clock as std::chrono::steady_clock.
    const auto steady = std::chrono::duration_cast<std::chrono::nanoseconds>(
                            std::chrono::steady_clock::now().time_since_epoch()).count();
    CHECK(monotonicNs() >= static_cast<std::uint64_t>(steady));
}
