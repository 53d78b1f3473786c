// run_discovery.hpp - which runs a work/log directory holds and which
// benchmarks each ran, read from run-mmtests.sh's tests-activity files the
// way compare-kernels.sh does (run_results / run_report_name).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::compare {

struct DiscoveredRun {
    std::string name;
    long startEpoch = 0;
};

// Runs with an iter-N/tests-activity that says "run-mmtests: Start", oldest first.
std::vector<DiscoveredRun> discoverRuns(const std::filesystem::path& logDir);

// Benchmarks of a run in the order they ran ("test start :: BENCH" lines of
// its first iteration).
std::vector<std::string> benchmarksOfRun(const std::filesystem::path& runDir);

}  // namespace mmtp::compare
