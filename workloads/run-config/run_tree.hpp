// run_tree.hpp - the pieces of run-config that write the MMTests log tree
//   WORK/log/RUN/iter-0/{tests-timestamp,tests-activity,<mitigation files>}
//   WORK/log/RUN/iter-0/BENCH/logs/...
// in the exact line formats of run-mmtests.sh and /usr/bin/time.
#pragma once
#include "common/child_process.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace mmtp::runconfig {

// A-Za-z0-9._+- only (compare-mmtests takes comma lists; run names are dirs).
void validateRunName(const std::string& name);

// Splits `env -0` output into an ordered name -> value map.
std::map<std::string, std::string> parseEnvBlock(const std::string& block);

// The MMTESTS list ("a b  c" -> {a,b,c}).
std::vector<std::string> splitWords(const std::string& s);

// "time :: BENCH 0.12 user 0.03 system 1.50 elapsed", preceded, like GNU
// time, by "Command exited with non-zero status N" or "Command terminated by
// signal N" when the bench did not succeed.
std::string timeLines(const std::string& bench, const ExitStatus& st, double elapsedSeconds);

// Appends lines to tests-timestamp and tests-activity as run-mmtests.sh does.
class RunLog {
public:
    explicit RunLog(const std::filesystem::path& iterDir);
    void timestamp(const std::string& line);           // tests-timestamp
    void activity(const std::string& message);         // "<epoch> <message>"
private:
    std::ofstream ts_, act_;
};

long long epochNow();

}  // namespace mmtp::runconfig
