#include "seccomp-churn/settings.hpp"

#include "base/errors.hpp"
#include "common/pulse_status.hpp"
#include "seccomp-churn/bpf_filters.hpp"

#include <limits>

namespace mmtp::seccompchurn {

namespace {

// The kernel allows 32768 instructions per process, counting 4 per filter.
void checkFilters(const Settings& c) {
    const unsigned maxFilters = c.recipe.preset == Preset::RawBpf ? 32768 / (c.recipe.insns + 4) : 512;
    if (c.recipe.filters > maxFilters)
        throw UsageError("--filters: must be between 1 and " + std::to_string(maxFilters) + " (got " +
                         std::to_string(c.recipe.filters) + ")");
}

// Each row fills its field of Settings (common/settings_table.hpp).
const SettingsTable<Settings>& table() {
    using S = Settings;
    static const SettingsTable<Settings> rows({
        bind(integerOption("min-threads", 0, "SECCOMP_CHURN_MIN_THREADS", "1", 1, 4096, "fewest workers"),
             &S::minThreads),
        bind(integerOption("max-threads", 0, "SECCOMP_CHURN_MAX_THREADS", "1", 1, 4096,
                           "most workers; power-of-two sweep"),
             &S::maxThreads)
            .check([](const S& c) {
                if (c.maxThreads < c.minThreads)
                    throw UsageError("--max-threads (" + std::to_string(c.maxThreads) +
                                     ") is smaller than --min-threads (" + std::to_string(c.minThreads) + ")");
            }),
        bind(integerOption("runtime", 't', "SECCOMP_CHURN_RUNTIME", "60", 1, 86400 * 7, "seconds per run"),
             &S::runtimeSec),
        bind(integerOption("ops", 0, "SECCOMP_CHURN_OPS", "0", 0, std::numeric_limits<std::uint64_t>::max(),
                           "stop after N bogo-ops per run, 0 = no limit"),
             &S::ops),
        bind(integerOption("iterations", 0, "SECCOMP_CHURN_ITERATIONS", "3", 1, 100000, "runs per worker count"),
             &S::iterations),
        bindIn(choiceOption("preset", 0, "SECCOMP_CHURN_PRESET", "stress-ng", "stress-ng|libseccomp|raw",
                            "the filters each child attaches"),
               &S::recipe, &RecipeOptions::preset, parsePreset),
        bindIn(integerOption("rules", 0, "SECCOMP_CHURN_RULES", "16", 1, 4096, "libseccomp: rules per filter"),
               &S::recipe, &RecipeOptions::rules),
        bindIn(integerOption("insns", 0, "SECCOMP_CHURN_INSNS", "64", kMinRawInsns, kMaxInsns,
                             "raw: BPF instructions per filter"),
               &S::recipe, &RecipeOptions::insns),
        // The raw preset's limit depends on --insns: the row's check.
        bindIn(integerOption("filters", 0, "SECCOMP_CHURN_FILTERS", "1", 1, 512, "libseccomp/raw: filters per child"),
               &S::recipe, &RecipeOptions::filters)
            .check(checkFilters),
        bindIn(yesNoOption("spec-allow", 0, "SECCOMP_CHURN_SPEC_ALLOW", "no", "pass SECCOMP_FILTER_FLAG_SPEC_ALLOW"),
               &S::recipe, &RecipeOptions::specAllow),
        bindIn(
            yesNoOption("trap", 0, "SECCOMP_CHURN_TRAP", "no", "libseccomp/raw: child ends with a trapped getppid()"),
            &S::recipe, &RecipeOptions::trap)
            .check([](const S& c) {
                if (c.recipe.trap && c.recipe.preset == Preset::StressNg)
                    throw UsageError(
                        "--trap: the stress-ng preset traps write() on its own in half the ops; "
                        "use --trap with --preset libseccomp or raw");
            }),
        bindIn(yesNoOption("verify", 0, "SECCOMP_CHURN_VERIFY", "no",
                           "child checks Seccomp:/Seccomp_filters: in /proc/self/status"),
               &S::recipe, &RecipeOptions::verify),
        afterPulseRow("SECCOMP_CHURN_AFTER_IBPB_PULSE", &S::afterPulse),
        logdirRow("result directory", &S::logdir),
    });
    return rows;
}

}  // namespace

const OptionTable& optionTable() { return table().options(); }

Settings settingsFrom(const OptionValues& v) { return table().settings(v); }

Settings parseSettings(int argc, const char* const argv[]) { return settingsFrom(optionTable().parse(argc, argv)); }

std::vector<unsigned> powerTwoSweep(unsigned minThreads, unsigned maxThreads) {
    std::vector<unsigned> v;
    for (unsigned n = minThreads; n <= maxThreads; n *= 2) v.push_back(n);
    if (v.empty() || v.back() != maxThreads) v.push_back(maxThreads);
    return v;
}

}  // namespace mmtp::seccompchurn
