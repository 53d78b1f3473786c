// run_progress.hpp - where a run-config run is, before each benchmark:
//   run-config: iteration i/N, benchmark j/M (NAME), elapsed Xs, ETA Ys
// (N: MMTEST_ITERATIONS, the repetitions of the whole benchmark list; M:
// the benchmarks in MMTESTS). The ETA is one estimate for the rest of the
// run that learns as it goes: a benchmark already run is predicted by the
// mean of its measured times; one not run yet by its --dry-run estimate
// (what earlier runs with the same settings measured, where there are any:
// past_durations.hpp) times how far the measured benchmarks came out from
// theirs (measured / estimated); the per-iteration overhead (system state,
// the time outside the benchmarks) likewise. Without any estimate for a
// benchmark not yet run, the ETA is "unknown".
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::runconfig {

class RunProgress {
public:
    // estimates: the --dry-run seconds of one iteration of each benchmark
    // (nullopt: none); overhead: of one iteration, outside the benchmarks.
    RunProgress(int iterations, std::vector<std::string> benches, std::vector<std::optional<double>> estimates,
                double overhead);
    // The line to print before benchmark `bench` of iteration `iteration` (both from 0).
    std::string line(int iteration, std::size_t bench, double elapsedSeconds) const;
    // Seconds left from the start of (iteration, bench), nullopt when unknown.
    std::optional<double> remaining(int iteration, std::size_t bench) const;
    void benchDone(std::size_t bench, double seconds);
    // The time of a whole iteration; the part outside its benchmarks is its overhead.
    void iterationDone(double seconds);

private:
    std::optional<double> predict(std::size_t bench) const;
    double predictOverhead() const;
    double learnedRatio() const;  // measured / estimated over benchmarks with both; 1 before any

    int iterations_;
    std::vector<std::string> benches_;
    std::vector<std::optional<double>> estimates_;
    double overhead_;
    std::vector<double> measuredSum_;
    std::vector<int> measuredCount_;
    double benchSecondsThisIteration_ = 0;
    double overheadSum_ = 0;
    int overheadCount_ = 0;
};

}  // namespace mmtp::runconfig
