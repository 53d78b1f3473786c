// run_tree.hpp - the pieces of run-config that write the MMTests log tree
//   WORK/log/RUN/mmtests-activity
//   WORK/log/RUN/iter-N/{tests-timestamp,tests-activity,tests-sysstate,...}
//   WORK/log/RUN/iter-N/BENCH/logs/...
// in the exact line formats of run-mmtests.sh (shellpacks/common.sh's
// teststate_log, sysstate_log, activity_log) and /usr/bin/time.
#pragma once
#include "common/child_process.hpp"
#include "run-config/log_file.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace mmtp::runconfig {

// A-Za-z0-9._+-= only (compare-mmtests takes comma lists; run names are dirs).
void validateRunName(const std::string& name);

// Creates WORK/log/RUN: the parents as needed, the leaf with one mkdir, so
// of two run-config with the same RUN exactly one proceeds. Throws
// UsageError naming the directory if it exists.
std::filesystem::path claimRunDir(const std::filesystem::path& workDir, const std::string& runName);

// Splits `env -0` output into an ordered name -> value map.
std::map<std::string, std::string> parseEnvBlock(const std::string& block);
// Our own environment as a map, and a map as execve's "K=V" list.
std::map<std::string, std::string> currentEnvironment();
std::vector<std::string> envList(const std::map<std::string, std::string>& env);

// The MMTESTS list ("a b  c" -> {a,b,c}).
std::vector<std::string> splitWords(const std::string& s);

// "time :: BENCH 0.12 user 0.03 system 1.50 elapsed", preceded, like GNU
// time, by "Command exited with non-zero status N" or "Command terminated by
// signal N" when the bench did not succeed.
std::string timeLines(const std::string& bench, const ExitStatus& st, double elapsedSeconds);

// What `echo "$(cat FILE)"` appends: the text without its trailing newlines, plus one.
std::string echoed(const std::string& text);

// The run's log files. One per run; startIteration() moves it to iter-N.
class RunLog {
public:
    explicit RunLog(const std::filesystem::path& runDir);
    // Opens iter-N's tests-timestamp, tests-activity and tests-sysstate.
    void startIteration(const std::filesystem::path& iterDir);
    void timestamp(const std::string& line);   // tests-timestamp only
    void teststate(const std::string& line);   // tests-sysstate and tests-timestamp
    void sysstate(const std::string& text);    // tests-sysstate
    void activity(const std::string& message); // "<epoch> <message>", iteration and run
    void runActivity(const std::string& message); // mmtests-activity only
    // Closes tests-sysstate and gzips it, as run-mmtests.sh does per iteration.
    void finishIteration();
private:
    std::filesystem::path iterDir_;
    LogFile run_, ts_, act_, sys_;
};

long long epochNow();

}  // namespace mmtp::runconfig
