#include "seccomp-churn/settings.hpp"

#include "base/errors.hpp"
#include "common/pulse_status.hpp"
#include "seccomp-churn/bpf_filters.hpp"

#include <limits>

namespace mmtp::seccompchurn {

const OptionTable& optionTable() {
    static const OptionTable table({
        integerOption("min-threads", 0, "SECCOMP_CHURN_MIN_THREADS", "1", 1, 4096, "fewest workers"),
        integerOption("max-threads", 0, "SECCOMP_CHURN_MAX_THREADS", "1", 1, 4096, "most workers; power-of-two sweep"),
        integerOption("runtime", 't', "SECCOMP_CHURN_RUNTIME", "60", 1, 86400 * 7, "seconds per run"),
        integerOption("ops", 0, "SECCOMP_CHURN_OPS", "0", 0, std::numeric_limits<std::uint64_t>::max(),
                      "stop after N bogo-ops per run, 0 = no limit"),
        integerOption("iterations", 0, "SECCOMP_CHURN_ITERATIONS", "3", 1, 100000, "runs per worker count"),
        choiceOption("preset", 0, "SECCOMP_CHURN_PRESET", "stress-ng", "stress-ng|libseccomp|raw",
                     "the filters each child attaches"),
        integerOption("rules", 0, "SECCOMP_CHURN_RULES", "16", 1, 4096, "libseccomp: rules per filter"),
        integerOption("insns", 0, "SECCOMP_CHURN_INSNS", "64", kMinRawInsns, kMaxInsns,
                      "raw: BPF instructions per filter"),
        // The raw preset's limit depends on --insns: checked in settingsFrom.
        integerOption("filters", 0, "SECCOMP_CHURN_FILTERS", "1", 1, 512, "libseccomp/raw: filters per child"),
        yesNoOption("spec-allow", 0, "SECCOMP_CHURN_SPEC_ALLOW", "no", "pass SECCOMP_FILTER_FLAG_SPEC_ALLOW"),
        yesNoOption("trap", 0, "SECCOMP_CHURN_TRAP", "no", "libseccomp/raw: child ends with a trapped getppid()"),
        yesNoOption("verify", 0, "SECCOMP_CHURN_VERIFY", "no",
                    "child checks Seccomp:/Seccomp_filters: in /proc/self/status"),
        afterPulseOption("SECCOMP_CHURN_AFTER_IBPB_PULSE"),
        logdirOption("result directory"),
    });
    return table;
}

Settings settingsFrom(const OptionValues& v) {
    Settings c;
    c.minThreads = v.number<unsigned>("min-threads");
    c.maxThreads = v.number<unsigned>("max-threads");
    if (c.maxThreads < c.minThreads)
        throw UsageError("--max-threads (" + std::to_string(c.maxThreads) +
                         ") is smaller than --min-threads (" + std::to_string(c.minThreads) + ")");
    c.runtimeSec = v.number<unsigned>("runtime");
    c.ops = v.number<std::uint64_t>("ops");
    c.iterations = v.number<unsigned>("iterations");
    c.recipe.preset = parsePreset(v.text("preset"));
    c.recipe.rules = v.number<unsigned>("rules");
    c.recipe.insns = v.number<unsigned>("insns");
    c.recipe.filters = v.number<unsigned>("filters");
    // The kernel allows 32768 instructions per process, counting 4 per filter.
    const unsigned maxFilters = c.recipe.preset == Preset::RawBpf ? 32768 / (c.recipe.insns + 4) : 512;
    if (c.recipe.filters > maxFilters)
        throw UsageError("--filters: must be between 1 and " + std::to_string(maxFilters) + " (got " +
                         std::to_string(c.recipe.filters) + ")");
    c.recipe.specAllow = v.yes("spec-allow");
    c.recipe.trap = v.yes("trap");
    c.recipe.verify = v.yes("verify");
    if (c.recipe.trap && c.recipe.preset == Preset::StressNg)
        throw UsageError("--trap: the stress-ng preset traps write() on its own in half the ops; "
                         "use --trap with --preset libseccomp or raw");
    c.afterPulse = afterPulseMode(v);
    c.logdir = v.required("logdir");
    return c;
}

Settings parseSettings(int argc, const char* const argv[]) { return settingsFrom(optionTable().parse(argc, argv)); }

std::vector<unsigned> powerTwoSweep(unsigned minThreads, unsigned maxThreads) {
    std::vector<unsigned> v;
    for (unsigned n = minThreads; n <= maxThreads; n *= 2) v.push_back(n);
    if (v.empty() || v.back() != maxThreads) v.push_back(maxThreads);
    return v;
}

}  // namespace mmtp::seccompchurn
