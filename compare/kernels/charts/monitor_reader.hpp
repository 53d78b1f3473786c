// monitor_reader.hpp - one iteration's monitor logs of every run, read for
// compare-kernels' monitor charts (kernels/charts/monitor_charts.hpp) through the
// --print-monitor parsers (monitors/*.cpp); an unreadable log is a note on
// its chart and one warning, never a failed page.
#pragma once
#include "core/warnings.hpp"
#include "monitors/monitors.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::compare {

// runDir's iter-N directories in N order (iter-10 after iter-9).
std::vector<std::filesystem::path> iterationsInOrder(const std::filesystem::path& runDir);

// One run's samples of a monitor in one iteration, grouped by operation in
// the order they first appear: (interval, value) points.
struct MonitorSamples {
    std::vector<std::pair<std::string, std::vector<std::pair<double, double>>>> byOp;
};

class MonitorReader {
public:
    MonitorReader(const std::filesystem::path& logDir, std::vector<std::string> runs, std::string benchmark,
                  std::string iteration, Warnings& warnings);

    const std::vector<std::string>& runs() const { return runs_; }
    const std::string& iteration() const { return iteration_; }
    std::filesystem::path iterDir(const std::string& run) const { return logDir_ / run / iteration_; }

    // The run has the monitor's log (plain, .gz or .xz) in the iteration.
    bool recorded(const std::string& run, const std::string& monitor) const;

    // Each run's samples (nullopt: not recorded or unreadable, with a note).
    std::vector<std::optional<MonitorSamples>> read(const std::string& monitor, MonitorParseFn parse,
                                                    const std::string& subHeading,
                                                    std::vector<std::string>& notes) const;

private:
    std::filesystem::path logDir_;
    std::vector<std::string> runs_;
    std::string benchmark_;
    std::string iteration_;
    Warnings& warnings_;
};

// Each unreadable log once, however many charts it would have fed, named
// once (the reader's message may start with the file already).
void warnOnce(Warnings& warnings, const std::string& benchmark, const std::filesystem::path& log,
              const std::string& what);

// A log read in part: what it lost to a bound (monitors/log_words.hpp), once.
void warnBounded(Warnings& warnings, const std::string& benchmark, const std::filesystem::path& log,
                 const std::string& lost);

}  // namespace mmtp::compare
