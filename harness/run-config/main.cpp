// run-config - run one MMTests config by hand, without MMTests.
//
//   run-config CONFIG RUNNAME [--work-dir DIR] [--set VAR=VALUE]... [--dry-run]
//
// Sources CONFIG with bash (--set values win over its exports) and, for each
// of MMTEST_ITERATIONS iterations, writes WORK/log/RUN/iter-N as
// run-mmtests.sh would: the system state, then per bench in $MMTESTS the
// monitors and the binary of that name found beside run-config, with the
// config's variables in its environment and LOGDIR_RESULTS=iter-N/BENCH/logs.
#include "base/clock.hpp"
#include "base/errors.hpp"
#include "common/mitigation_snapshot.hpp"
#include "common/preflight.hpp"
#include "common/signals.hpp"
#include "common/workload_main.hpp"
#include "run-config/bench_description.hpp"
#include "run-config/bench_runner.hpp"
#include "run-config/boot_id.hpp"
#include "run-config/config_env.hpp"
#include "run-config/group_guardian.hpp"
#include "run-config/monitor_catalog.hpp"
#include "run-config/orphan_reaper.hpp"
#include "run-config/past_durations.hpp"
#include "run-config/run_plan.hpp"
#include "run-config/run_progress.hpp"
#include "run-config/run_tree.hpp"
#include "run-config/system_state.hpp"

#include <iostream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mmtp;
using namespace mmtp::runconfig;

namespace {

const char* kProg = "run-config";
const char* kUsage = "usage: run-config CONFIG RUNNAME [--work-dir DIR] [--set VAR=VALUE]... [--dry-run]";

fs::path selfDir() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) throw Error("cannot read /proc/self/exe: " + ec.message());
    return exe.parent_path();
}

std::vector<fs::path> findBinaries(const std::vector<std::string>& benches, const fs::path& config) {
    fs::path binDir = selfDir();
    std::vector<fs::path> binaries;
    for (const auto& b : benches) {
        // A plain name (MMTests' shellpack names): never "..", a path or an option.
        const bool plain = !b.empty() && b[0] != '.' && b[0] != '-' &&
                           b.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-") ==
                               std::string::npos;
        if (!plain)
            throw UsageError("config " + config.string() + ": MMTESTS names '" + b +
                             "', not a benchmark name (A-Za-z0-9._+- , not starting with '.' or '-')");
        fs::path p = binDir / b;
        if (!fs::is_regular_file(p) || ::access(p.c_str(), X_OK) != 0)
            throw UsageError("config " + config.string() + ": no binary for bench '" + b + "' (looked for " +
                             p.string() + ")");
        binaries.push_back(p);
    }
    return binaries;
}

// Each bench's binary, asked with the config's variables (bench_description.hpp).
std::vector<BenchDescription> describeBenches(const std::vector<fs::path>& binaries,
                                              const std::map<std::string, std::string>& env, const fs::path& config) {
    std::vector<BenchDescription> out;
    for (const auto& b : binaries) out.push_back(describeBench(b, env, config));
    return out;
}

// What earlier runs in the work dir measured for each bench with the
// settings it has now (its runtime.opts Run: line), else what it estimates.
Estimate planEstimate(const RunPlan& plan, const std::vector<fs::path>& binaries,
                      const std::vector<BenchDescription>& described, const std::map<std::string, std::string>& env,
                      const fs::path& workDir, const std::string& runName) {
    std::vector<PastDurations> past;
    std::vector<std::optional<double>> modelled;
    for (std::size_t i = 0; i < plan.benches.size(); ++i) {
        past.push_back(pastDurations(workDir / "log", plan.benches[i],
                                     "Run: " + runtimeCommand(described[i].variables, binaries[i], env), runName));
        modelled.push_back(described[i].seconds);
    }
    return estimate(plan, modelled, past);
}

// What every iteration runs: the plan, each bench's binary and what it said
// about itself, the config's variables and the --set overrides.
struct RunInputs {
    const std::string& runName;
    const RunPlan& plan;
    const std::vector<fs::path>& binaries;
    const std::vector<BenchDescription>& described;
    const std::map<std::string, std::string>& env;
    const std::vector<Override>& overrides;
};

// What the iterations write to and count as they go.
struct RunRecord {
    RunLog& log;
    RunProgress& progress;
    double runStart = 0;  // monotonicSeconds() when the first iteration began
    int failures = 0;     // benchmark runs that recorded a non-zero code
    bool interrupted = false;
};

// The mark compare tools read: which benchmark was cut short, and by what.
void recordInterruption(RunLog& log, const std::string& where, int signal) {
    const std::string mark =
        "interrupted :: " + where + " " + std::to_string(epochNow()) + " " + std::to_string(signal);
    log.timestamp(mark);
    log.activity("run-mmtests: " + mark);
}

// One iteration; returns the last bench's recorded code (run-mmtests.sh's
// EXIT_CODE). Sets rec.interrupted and stops early on SIGINT/SIGTERM.
int runIteration(int iteration, const fs::path& iterDir, const RunInputs& in, RunRecord& rec) {
    const std::string n = std::to_string(iteration + 1);
    const double iterationStart = monotonicSeconds();
    rec.log.startIteration(iterDir);
    rec.log.activity("run-mmtests: Start");
    rec.log.activity("run-mmtests: Iteration " + n + " start");
    rec.log.teststate("start :: " + std::to_string(epochNow()));
    int exitCode = 0;
    std::string where = "system state";
    try {
        recordIterationStart(rec.log, iterDir, in.runName);
        writeMitigationSnapshot(iterDir);
        for (std::size_t i = 0; i < in.plan.benches.size(); ++i) {
            where = in.plan.benches[i];
            std::cout << rec.progress.line(iteration, i, monotonicSeconds() - rec.runStart) << std::endl;
            const double benchStart = monotonicSeconds();
            BenchOutcome o =
                runBench({in.plan.benches[i], in.binaries[i], in.described[i].variables, iterDir, in.env, in.overrides,
                          in.described[i].defaults},
                         in.plan, rec.log);
            rec.progress.benchDone(i, monotonicSeconds() - benchStart);
            exitCode = o.recordedCode;
            if (exitCode != 0) ++rec.failures;
            if (o.interrupted || interruptRequested()) throw Interrupted(pendingInterrupt() ? pendingInterrupt() : 2);
        }
    } catch (const Interrupted& e) {
        rec.interrupted = true;
        recordInterruption(rec.log, where, e.signal());
    }
    rec.log.teststate("finish :: " + std::to_string(epochNow()));
    recordIterationEnd(iterDir);
    rec.log.activity("run-mmtests: Iteration " + n + " end");
    rec.log.finishIteration();
    rec.progress.iterationDone(monotonicSeconds() - iterationStart);
    return exitCode;
}

struct RunSettings {
    fs::path config;
    std::string runName;
    fs::path workDir;
    std::vector<Override> overrides;
    bool dryRun = false;
};

const OptionTable& optionTable() {
    static const OptionTable table(
        {textOption("work-dir", 0, "", "work", "where the log tree goes: WORK/log/RUNNAME/iter-N/..."),
         repeatedTextOption("set", 0, "VAR=VALUE",
                            "set a config variable, winning over the config's export (repeatable; recorded in "
                            "runtime.opts)"),
         flagOption("dry-run", 0, "print the plan (benchmarks, iterations, monitors) and its estimated duration; run "
                                  "nothing")},
        {"CONFIG", "RUNNAME"});
    return table;
}

RunSettings settingsFrom(const OptionValues& v) {
    if (v.positionals.size() != 2) throw UsageError(kUsage);
    RunSettings s{v.positionals[0], v.positionals[1], v.text("work-dir"), {}, v.yes("dry-run")};
    validateRunName(s.runName);
    if (!fs::is_regular_file(s.config)) throw UsageError("config " + s.config.string() + " is not a readable file");
    for (const std::string& o : v.all("set")) s.overrides.push_back(parseOverride(o));
    return s;
}

// The config is sourced with bash, as run-mmtests.sh does.
void supported(RunSettings& s) {
    if (findExecutable("bash").empty())
        throw UnsupportedError("bash not found in PATH: run-config sources the config with bash");
    if (!s.dryRun) requireWritableDir(s.workDir / "log", "--work-dir");
}

int run(const RunSettings& s) {
    const fs::path& config = s.config;
    const std::string& runName = s.runName;
    OrphanReaper reaper;     // first made, last gone: sweeps what escaped the guardian's groups
    GroupGuardian guardian;  // before sourcing: a config may start background processes
    auto env = sourceConfig(config, s.overrides);
    RunPlan plan = makePlan(env);
    if (plan.benches.empty()) throw UsageError("config " + config.string() + " sets no MMTESTS");
    auto binaries = findBinaries(plan.benches, config);
    const auto described = describeBenches(binaries, env, config);

    if (s.dryRun) {
        fs::path runDir = s.workDir / "log" / runName;
        std::cout << "run-config: plan for " << config.string() << " -> " << runDir.string()
                  << (fs::exists(runDir) ? " (exists: a run would refuse it)" : "") << "\n";
        for (const auto& [k, v] : s.overrides) std::cout << "set:        " << k << "=" << v << "\n";
        std::cout << describePlan(plan, planEstimate(plan, binaries, described, env, s.workDir, runName));
        return 0;
    }
    for (const auto& skipped : plan.skipped)
        std::cout << "run-config: monitor " << skipped.name << " " << skipped.why << "\n";
    for (const auto& w : plan.warnings) std::cout << w << "\n";

    // Before the claim: the new run's own empty dir is skipped anyway.
    const Estimate est = planEstimate(plan, binaries, described, env, s.workDir, runName);
    fs::path runDir = claimRunDir(s.workDir, runName);
    RunLog log(runDir);
    std::cout << "run-config: " << config.string() << " -> " << runDir.string() << " (" << plan.iterations
              << " iteration" << (plan.iterations > 1 ? "s" : "") << ")" << std::endl;
    RunProgress progress(plan.iterations, plan.benches, est.perBench, est.overheadPerIteration);
    const RunInputs inputs{runName, plan, binaries, described, env, s.overrides};
    RunRecord rec{log, progress, monotonicSeconds()};
    int exitCode = 0;
    BootIdRecorder bootIds;
    for (int it = 0; it < plan.iterations && !rec.interrupted; ++it) {
        fs::path iterDir = runDir / ("iter-" + std::to_string(it));
        fs::create_directory(iterDir);
        bootIds.record(iterDir, std::cerr);
        exitCode = runIteration(it, iterDir, inputs, rec);
    }
    log.activity("run-mmtests: End");
    log.runActivity("status :: " + std::to_string(rec.interrupted ? int(kExitInterrupted) : exitCode));
    if (rec.interrupted) throw Interrupted(pendingInterrupt() ? pendingInterrupt() : 2);
    if (rec.failures)
        throw Error(std::to_string(rec.failures) + " of " + std::to_string(plan.benches.size() * plan.iterations) +
                    " benchmark runs failed; see " + (runDir / "iter-*/tests-timestamp").string());
    std::cout << "run-config: done, logs in " << runDir.string() << std::endl;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    static const std::string summary = [] {
        std::string text =
            "Runs each bench in the config's MMTESTS with the binary of the same name\n"
            "beside run-config, MMTEST_ITERATIONS times, with the config's monitors, writing\n"
            "the log tree run-mmtests.sh writes.\n"
            "Monitors run-config records:";
        for (const auto& m : knownMonitors()) text += " " + m;
        return text;
    }();
    const Workload<RunSettings> w{kProg,
                                  summary.c_str(),
                                  optionTable(),
                                  settingsFrom,
                                  supported,
                                  run,
                                  ExitMeanings{"a benchmark failed", "bad arguments or config", "no bash"}};
    return workloadMain(w, argc, argv);
}
