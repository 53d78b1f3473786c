// bench_runner.hpp - one benchmark of one iteration, as run-mmtests.sh's
// test loop runs it: test begin, /proc files, monitors, the workload (its
// output on our stdout and in BENCH/logs/mmtests.log.gz, as
// run-single-test.sh tees it), monitors stopped, test end and the time line.
#pragma once
#include "run-config/config_env.hpp"
#include "run-config/run_plan.hpp"
#include "run-config/run_tree.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace mmtp::runconfig {

struct BenchJob {
    std::string bench;
    std::filesystem::path binary;
    std::filesystem::path iterDir;
    std::map<std::string, std::string> env;  // the sourced config
    std::vector<Override> overrides;         // recorded in runtime.opts
};

struct BenchOutcome {
    int recordedCode = 0;    // what tests-timestamp says: 0, or 255 as run-single-test.sh's die
    ExitStatus status;       // the workload's own
    bool interrupted = false;
};

// The code run-mmtests.sh records for a workload status: 0 or 255 (SHELLPACK_ERROR).
int recordedExitCode(const ExitStatus& st);

// The prefixes of the config variables a bench reads: its name in capitals
// (REDIS_ZPOPMIN_ for redis-zpopmin), and FIO_ for fiolike, which reads fio's
// shellpack variables. LOGDIR_* and SHELLPACK_* are run-config's, never these.
std::vector<std::string> settingsPrefixes(const std::string& bench);

// runtime.opts' lines for a bench: "Run: VAR=... BINARY" with the config
// variables it reads. Earlier runs are matched on it (past_durations.hpp),
// so it must name every variable that changes what the bench does.
std::string runtimeCommand(const std::string& bench, const std::filesystem::path& binary,
                           const std::map<std::string, std::string>& env);

// Has the bench parse its settings from env (`BINARY --print-option logdir`:
// its option table, ranges and all) before anything is run or claimed: a
// value it would refuse (PIPE_PINGPONG_LOOPS=1e308) is the config's
// UsageError, with the bench's one line, not a failed run that burns the
// run's name.
void checkBenchSettings(const std::filesystem::path& binary, const std::map<std::string, std::string>& env,
                        const std::filesystem::path& config);

BenchOutcome runBench(const BenchJob& job, const RunPlan& plan, RunLog& log);

}  // namespace mmtp::runconfig
