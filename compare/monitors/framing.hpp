// framing.hpp - what every monitor log shares: one log per iter-* directory,
// and "time: N" lines that stamp its samples. A monitor supplies how one
// iteration is read; the loop over iterations and the stamp parser live here.
#pragma once
#include "core/rows.hpp"
#include "monitors/monitors.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace mmtp::compare {

// A line's "time: N" stamp as MMTests' /^time: ([0-9]+)/ captures it: N's
// digits, or nullopt when the line does not start with a stamp.
std::optional<std::string_view> timeStampDigits(std::string_view line);
// The same stamp as a number (Perl's numification of the digits).
std::optional<double> timeStamp(std::string_view line);

// One iteration of a run: read iterDir's log into rows.
using IterationReader = std::function<void(const std::filesystem::path& iterDir, Rows& rows)>;
// Every iteration in order, each into its own Rows of run.iterations.
MonitorRun readEachIteration(const std::vector<std::filesystem::path>& iterDirs, const IterationReader& read);

}  // namespace mmtp::compare
