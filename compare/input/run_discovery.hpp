// run_discovery.hpp - which runs a work/log directory holds and which
// benchmarks each ran, read from run-mmtests.sh's tests-activity files the
// way compare-kernels.sh does (run_results / run_report_name).
#pragma once
#include "core/warnings.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::compare {

struct DiscoveredRun {
    std::string name;
    long startEpoch = 0;
};

// Runs with an iter-N/tests-activity that says "run-mmtests: Start", oldest
// first. Symlinked run and iter-N directories are not runs (MMTests' find
// does not follow them); entries it cannot use (a FIFO as tests-activity)
// are skipped with a warning.
std::vector<DiscoveredRun> discoverRuns(const std::filesystem::path& logDir, Warnings& warnings);

// Benchmarks of a run in the order they ran ("test start :: BENCH" lines of
// its first iteration). Names that are not plain (isPlainBenchmarkName) are
// skipped with a warning: they would become paths.
std::vector<std::string> benchmarksOfRun(const std::filesystem::path& runDir, Warnings& warnings);

}  // namespace mmtp::compare
