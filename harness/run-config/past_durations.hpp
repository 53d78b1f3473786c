// past_durations.hpp - what earlier runs in the same work dir measured for a
// benchmark run with the same settings, so that --dry-run and a run's first
// ETA start from a measurement instead of the cost model. An iteration
// counts when its runtime.opts has exactly the bench's current Run: line and
// its tests-timestamp a "test end :: BENCH EPOCH 0"; its "time :: BENCH ...
// E elapsed" is the measurement.
//
// The tree is untrusted input: symlinks (run dirs, iterations, files) and
// anything but directories and regular files are skipped; the work is
// bounded (the 100 most recently modified runs, iter-0..iter-49 of each,
// files up to 64 KiB, 8 MiB read in all); an unreadable or malformed file is
// skipped. It never throws.
#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::runconfig {

struct PastDurations {
    std::filesystem::path logDir;
    std::vector<double> seconds;    // one per successful iteration with these settings
    std::vector<std::string> runs;  // the runs they came from, each once, newest first
    // The mean, nullopt without a measurement. The mean rather than the
    // median: an ETA predicts a sum of iterations, which is what the mean
    // averages to (a slow outlier is real time too), and RunProgress learns
    // within a run with the mean as well, so the two agree.
    std::optional<double> mean() const;
};

// runLine: the bench's "Run: ..." line as runtime.opts has it (without the
// newline). skipRun: the run being planned, never its own measurement.
PastDurations pastDurations(const std::filesystem::path& logDir, const std::string& bench, const std::string& runLine,
                            const std::string& skipRun);

}  // namespace mmtp::runconfig
