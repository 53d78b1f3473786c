#include "seccomp-churn/config.hpp"

#include "base/errors.hpp"
#include "common/options.hpp"

#include <cstdlib>

namespace mmtp::seccompchurn {
namespace {

const char* kSummary =
    "Fork children that set no_new_privs, attach seccomp filter(s) and exit; one\n"
    "bogo-op per reaped child. Writes stress-ng --metrics-brief logs\n"
    "(stressng-<N>-<ITER>.log) and attach-latency extras (seccomp-churn-<N>-<ITER>.extra).";

po::options_description describe() {
    po::options_description d("options (environment fallback in brackets)");
    d.add_options()
        ("help,h", "show this help")
        ("min-threads", po::value<unsigned>()->default_value(1), "fewest workers [SECCOMP_CHURN_MIN_THREADS]")
        ("max-threads", po::value<unsigned>()->default_value(1), "most workers; power-of-two sweep [SECCOMP_CHURN_MAX_THREADS]")
        ("runtime,t", po::value<unsigned>()->default_value(60), "seconds per run [SECCOMP_CHURN_RUNTIME]")
        ("ops", po::value<std::uint64_t>()->default_value(0), "stop after N bogo-ops per run, 0 = no limit [SECCOMP_CHURN_OPS]")
        ("iterations", po::value<unsigned>()->default_value(3), "runs per worker count [SECCOMP_CHURN_ITERATIONS]")
        ("preset", po::value<std::string>()->default_value("stress-ng"), "stress-ng | libseccomp | raw [SECCOMP_CHURN_PRESET]")
        ("rules", po::value<unsigned>()->default_value(16), "libseccomp: rules per filter [SECCOMP_CHURN_RULES]")
        ("insns", po::value<unsigned>()->default_value(64), "raw: BPF instructions per filter [SECCOMP_CHURN_INSNS]")
        ("filters", po::value<unsigned>()->default_value(1), "libseccomp/raw: filters per child [SECCOMP_CHURN_FILTERS]")
        ("spec-allow", po::value<std::string>()->default_value("no"), "pass SECCOMP_FILTER_FLAG_SPEC_ALLOW: yes|no [SECCOMP_CHURN_SPEC_ALLOW]")
        ("trap", po::value<std::string>()->default_value("no"), "libseccomp/raw: child ends with a trapped getppid(): yes|no [SECCOMP_CHURN_TRAP]")
        ("verify", po::value<std::string>()->default_value("no"), "child checks Seccomp:/Seccomp_filters: in /proc/self/status: yes|no [SECCOMP_CHURN_VERIFY]")
        ("logdir", po::value<std::string>(), "result directory [LOGDIR_RESULTS]");
    return d;
}

const EnvNames kEnv = {
    {"min-threads", "SECCOMP_CHURN_MIN_THREADS"}, {"max-threads", "SECCOMP_CHURN_MAX_THREADS"},
    {"runtime", "SECCOMP_CHURN_RUNTIME"},         {"ops", "SECCOMP_CHURN_OPS"},
    {"iterations", "SECCOMP_CHURN_ITERATIONS"},   {"preset", "SECCOMP_CHURN_PRESET"},
    {"rules", "SECCOMP_CHURN_RULES"},             {"insns", "SECCOMP_CHURN_INSNS"},
    {"filters", "SECCOMP_CHURN_FILTERS"},         {"spec-allow", "SECCOMP_CHURN_SPEC_ALLOW"},
    {"trap", "SECCOMP_CHURN_TRAP"},               {"verify", "SECCOMP_CHURN_VERIFY"},
    {"logdir", "LOGDIR_RESULTS"},
};

bool yesNo(const po::variables_map& vm, const std::string& name) {
    const std::string v = vm[name].as<std::string>();
    if (v == "yes" || v == "true" || v == "1" || v == "on") return true;
    if (v == "no" || v == "false" || v == "0" || v == "off") return false;
    throw UsageError("--" + name + ": expected yes or no, got '" + v + "'");
}

unsigned inRange(const po::variables_map& vm, const std::string& name, unsigned lo, unsigned hi) {
    const unsigned v = vm[name].as<unsigned>();
    if (v < lo || v > hi)
        throw UsageError("--" + name + ": must be between " + std::to_string(lo) + " and " +
                         std::to_string(hi) + " (got " + std::to_string(v) + ")");
    return v;
}

}  // namespace

Config parseConfig(int argc, const char* const argv[]) {
    const po::options_description desc = describe();
    ParsedOptions p = parseOptions(argc, argv, desc, kEnv);
    Config c;
    if (p.helpRequested) {
        c.help = true;
        return c;
    }
    const po::variables_map& vm = p.vm;
    c.minThreads = inRange(vm, "min-threads", 1, 4096);
    c.maxThreads = inRange(vm, "max-threads", 1, 4096);
    if (c.maxThreads < c.minThreads)
        throw UsageError("--max-threads (" + std::to_string(c.maxThreads) +
                         ") is smaller than --min-threads (" + std::to_string(c.minThreads) + ")");
    c.runtimeSec = inRange(vm, "runtime", 1, 86400 * 7);
    c.ops = vm["ops"].as<std::uint64_t>();
    c.iterations = inRange(vm, "iterations", 1, 100000);
    try {
        c.recipe.preset = parsePreset(vm["preset"].as<std::string>());
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--preset: ") + e.what());
    }
    c.recipe.rules = inRange(vm, "rules", 1, 4096);
    c.recipe.insns = inRange(vm, "insns", static_cast<unsigned>(kMinRawInsns),
                             static_cast<unsigned>(kMaxInsns));
    // The kernel allows 32768 instructions per process, counting 4 per filter.
    const unsigned maxFilters = c.recipe.preset == Preset::RawBpf ? 32768 / (c.recipe.insns + 4) : 512;
    c.recipe.filters = inRange(vm, "filters", 1, maxFilters);
    c.recipe.specAllow = yesNo(vm, "spec-allow");
    c.recipe.trap = yesNo(vm, "trap");
    c.recipe.verify = yesNo(vm, "verify");
    if (c.recipe.trap && c.recipe.preset == Preset::StressNg)
        throw UsageError("--trap: the stress-ng preset traps write() on its own in half the ops; "
                         "use --trap with --preset libseccomp or raw");
    if (!vm.count("logdir") || vm["logdir"].as<std::string>().empty())
        throw UsageError("--logdir: not given and LOGDIR_RESULTS is not set");
    c.logdir = vm["logdir"].as<std::string>();
    return c;
}

void printHelp() { printUsage("seccomp-churn", kSummary, describe()); }

std::vector<unsigned> powerTwoSweep(unsigned minThreads, unsigned maxThreads) {
    std::vector<unsigned> v;
    for (unsigned n = minThreads; n <= maxThreads; n *= 2) v.push_back(n);
    if (v.empty() || v.back() != maxThreads) v.push_back(maxThreads);
    return v;
}

}  // namespace mmtp::seccompchurn
