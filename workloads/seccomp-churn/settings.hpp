// settings.hpp - seccomp-churn's options, one row each bound to the field of
// Settings it fills, with its checks (common/settings_table).
// Each has the MMTests config variable of the same meaning as its fallback
// (SECCOMP_CHURN_*), so the binary runs the same from a shellpack, from
// run-config and by hand.
#pragma once
#include "common/option_table.hpp"
#include "common/settings_table.hpp"
#include "seccomp-churn/recipe.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::seccompchurn {

struct Settings {
    unsigned minThreads = 1, maxThreads = 1;
    unsigned runtimeSec = 60;
    std::uint64_t ops = 0;       // total bogo-ops per run (0: time-based only)
    unsigned iterations = 3;
    RecipeOptions recipe;
    std::string afterPulse;      // "", sham or protect: the ibpb-pulse step that must precede
    std::filesystem::path logdir;
};

const OptionTable& optionTable();
// The rows fill Settings and check what one row's range cannot (options that
// depend on each other); throws UsageError naming the option.
Settings settingsFrom(const OptionValues& v);
// optionTable().parse() then settingsFrom().
Settings parseSettings(int argc, const char* const argv[]);

// MMTests' threads_powertwo sweep: min, 2*min, 4*min ... <= max, then max.
std::vector<unsigned> powerTwoSweep(unsigned minThreads, unsigned maxThreads);

}  // namespace mmtp::seccompchurn
