// run-config - run one MMTests config by hand, without MMTests.
//
//   run-config CONFIG RUNNAME [--work-dir DIR] [--set VAR=VALUE]... [--dry-run]
//
// Sources CONFIG with bash (--set values win over its exports) and, for each
// of MMTEST_ITERATIONS iterations, writes WORK/log/RUN/iter-N as
// run-mmtests.sh would: the system state, then per bench in $MMTESTS the
// monitors and the binary of that name found beside run-config, with the
// config's variables in its environment and LOGDIR_RESULTS=iter-N/BENCH/logs.
#include "base/errors.hpp"
#include "common/mitigation_snapshot.hpp"
#include "common/options.hpp"
#include "common/signals.hpp"
#include "run-config/bench_runner.hpp"
#include "run-config/config_env.hpp"
#include "run-config/group_guardian.hpp"
#include "run-config/monitor_catalog.hpp"
#include "run-config/run_plan.hpp"
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
        fs::path p = binDir / b;
        if (b.find('/') != std::string::npos || ::access(p.c_str(), X_OK) != 0)
            throw UsageError("config " + config.string() + ": no binary for bench '" + b + "' (looked for " +
                             p.string() + ")");
        binaries.push_back(p);
    }
    return binaries;
}

// One iteration; returns the last bench's recorded code (run-mmtests.sh's
// EXIT_CODE). Sets interrupted and stops early on SIGINT/SIGTERM.
int runIteration(int iteration, const fs::path& iterDir, const std::string& runName, const RunPlan& plan,
                 const std::vector<fs::path>& binaries, const std::map<std::string, std::string>& env,
                 const std::vector<Override>& overrides, RunLog& log, int& failures, bool& interrupted) {
    const std::string n = std::to_string(iteration + 1);
    log.startIteration(iterDir);
    log.activity("run-mmtests: Start");
    log.activity("run-mmtests: Iteration " + n + " start");
    log.teststate("start :: " + std::to_string(epochNow()));
    int exitCode = 0;
    std::string where = "system state";
    try {
        recordIterationStart(log, iterDir, runName);
        writeMitigationSnapshot(iterDir);
        for (std::size_t i = 0; i < plan.benches.size(); ++i) {
            where = plan.benches[i];
            BenchOutcome o = runBench({plan.benches[i], binaries[i], iterDir, env, overrides}, plan, log);
            exitCode = o.recordedCode;
            if (exitCode != 0) ++failures;
            if (o.interrupted || interruptRequested()) throw Interrupted(pendingInterrupt() ? pendingInterrupt() : 2);
        }
    } catch (const Interrupted& e) {
        interrupted = true;
        // The mark compare tools read: which benchmark was cut short, and by what.
        std::string mark = "interrupted :: " + where + " " + std::to_string(epochNow()) + " " + std::to_string(e.signal());
        log.timestamp(mark);
        log.activity("run-mmtests: " + mark);
    }
    log.teststate("finish :: " + std::to_string(epochNow()));
    recordIterationEnd(iterDir);
    log.activity("run-mmtests: Iteration " + n + " end");
    log.finishIteration();
    return exitCode;
}

int run(int argc, char** argv) {
    po::options_description desc("Options");
    desc.add_options()
        ("help,h", "show this help")
        ("work-dir", po::value<std::string>()->default_value("work"),
         "where the log tree goes: WORK/log/RUNNAME/iter-N/...")
        ("set", po::value<std::vector<std::string>>()->composing(),
         "VAR=VALUE: set a config variable, winning over the config's export (repeatable; recorded in runtime.opts)")
        ("dry-run", "print the plan (benchmarks, iterations, monitors) and its estimated duration; run nothing")
        ("config", po::value<std::string>(), "MMTests config file (first argument)")
        ("runname", po::value<std::string>(), "run name (second argument)");
    po::positional_options_description pos;
    pos.add("config", 1).add("runname", 1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(desc).positional(pos).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    if (vm.count("help")) {
        std::cout << kUsage << "\n"
                     "Runs each bench in the config's MMTESTS with the binary of the same name beside\n"
                     "run-config, MMTEST_ITERATIONS times, with the config's monitors, writing the\n"
                     "log tree run-mmtests.sh writes.\n\n"
                  << desc << "\nMonitors run-config records:";
        for (const auto& m : knownMonitors()) std::cout << " " << m;
        std::cout << "\n";
        return 0;
    }
    if (!vm.count("config") || !vm.count("runname")) throw UsageError(kUsage);
    fs::path config = vm["config"].as<std::string>();
    std::string runName = vm["runname"].as<std::string>();
    validateRunName(runName);
    if (!fs::is_regular_file(config)) throw UsageError("config " + config.string() + " is not a readable file");
    std::vector<Override> overrides;
    if (vm.count("set"))
        for (const auto& s : vm["set"].as<std::vector<std::string>>()) overrides.push_back(parseOverride(s));

    auto env = sourceConfig(config, overrides);
    RunPlan plan = makePlan(env);
    if (plan.benches.empty()) throw UsageError("config " + config.string() + " sets no MMTESTS");
    auto binaries = findBinaries(plan.benches, config);
    fs::path workDir = vm["work-dir"].as<std::string>();

    if (vm.count("dry-run")) {
        fs::path runDir = workDir / "log" / runName;
        std::cout << "run-config: plan for " << config.string() << " -> " << runDir.string()
                  << (fs::exists(runDir) ? " (exists: a run would refuse it)" : "") << "\n";
        for (const auto& [k, v] : overrides) std::cout << "set:        " << k << "=" << v << "\n";
        std::cout << describePlan(plan, estimate(plan, env));
        return 0;
    }
    for (const auto& s : plan.skipped) std::cout << "run-config: monitor " << s.name << " " << s.why << "\n";
    for (const auto& w : plan.warnings) std::cout << w << "\n";

    GroupGuardian guardian;
    fs::path runDir = claimRunDir(workDir, runName);
    RunLog log(runDir);
    std::cout << "run-config: " << config.string() << " -> " << runDir.string() << " (" << plan.iterations
              << " iteration" << (plan.iterations > 1 ? "s" : "") << ")" << std::endl;
    int failures = 0, exitCode = 0;
    bool interrupted = false;
    for (int it = 0; it < plan.iterations && !interrupted; ++it) {
        fs::path iterDir = runDir / ("iter-" + std::to_string(it));
        fs::create_directory(iterDir);
        exitCode = runIteration(it, iterDir, runName, plan, binaries, env, overrides, log, failures, interrupted);
    }
    log.activity("run-mmtests: End");
    log.runActivity("status :: " + std::to_string(interrupted ? int(kExitInterrupted) : exitCode));
    if (interrupted) throw Interrupted(pendingInterrupt() ? pendingInterrupt() : 2);
    if (failures)
        throw Error(std::to_string(failures) + " of " + std::to_string(plan.benches.size() * plan.iterations) +
                    " benchmark runs failed; see " + (runDir / "iter-*/tests-timestamp").string());
    std::cout << "run-config: done, logs in " << runDir.string() << std::endl;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    InterruptGuard guard;
    return runReportingErrors(kProg, [&] { return run(argc, argv); });
}
