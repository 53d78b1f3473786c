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
    std::vector<std::string> variables;  // the config variables it reads (bench_description.hpp)
    std::filesystem::path iterDir;
    std::map<std::string, std::string> env;  // the sourced config
    std::vector<Override> overrides;         // recorded in runtime.opts
    std::map<std::string, std::string> defaults;  // the bench's own defaults (bench_description.hpp)
};

struct BenchOutcome {
    int recordedCode = 0;    // what tests-timestamp says: 0, or 255 as run-single-test.sh's die
    ExitStatus status;       // the workload's own
    bool interrupted = false;
};

// The code run-mmtests.sh records for a workload status: 0 or 255 (SHELLPACK_ERROR).
int recordedExitCode(const ExitStatus& st);

// runtime.opts' lines for a bench: "Run: VAR=... BINARY" with those of the
// variables it reads (its --print-variables) that the config sets, in name
// order. Earlier runs are matched on it (past_durations.hpp), so it names
// every variable that changes what the bench does.
std::string runtimeCommand(const std::vector<std::string>& variables, const std::filesystem::path& binary,
                           const std::map<std::string, std::string>& env);
// runtime.opts' line before it: "Defaults: VAR=... BINARY", the bench's own
// default of each variable the Run: line names (those without one left
// out), so a reader can say which settings differ from the defaults.
std::string defaultsLine(const std::vector<std::string>& variables, const std::filesystem::path& binary,
                         const std::map<std::string, std::string>& env,
                         const std::map<std::string, std::string>& defaults);

BenchOutcome runBench(const BenchJob& job, const RunPlan& plan, RunLog& log);

}  // namespace mmtp::runconfig
