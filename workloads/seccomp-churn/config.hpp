// config.hpp - seccomp-churn's options, declared once. Each has the MMTests
// config variable of the same meaning as its environment fallback
// (SECCOMP_CHURN_*), so the binary runs the same from a shellpack, from
// run-config and by hand.
#pragma once
#include "seccomp-churn/recipe.hpp"

#include <cstdint>
#include <filesystem>
#include <vector>

namespace mmtp::seccompchurn {

struct Config {
    unsigned minThreads = 1, maxThreads = 1;
    unsigned runtimeSec = 60;
    std::uint64_t ops = 0;       // total bogo-ops per run (0: time-based only)
    unsigned iterations = 3;
    RecipeOptions recipe;
    std::filesystem::path logdir;
    bool help = false;
};

// Parses argv and the environment; throws UsageError naming the option.
Config parseConfig(int argc, const char* const argv[]);
void printHelp();

// MMTests' threads_powertwo sweep: min, 2*min, 4*min ... <= max, then max.
std::vector<unsigned> powerTwoSweep(unsigned minThreads, unsigned maxThreads);

}  // namespace mmtp::seccompchurn
