// monitor_duration.hpp - --print-monitor duration (MonitorDuration.pm): the
// user, system and elapsed seconds run-mmtests.sh recorded for the benchmark
// in each iteration's tests-timestamp.
#pragma once
#include "core/rows.hpp"

#include <filesystem>
#include <string>

namespace mmtp::compare {

// One row per matching "time ::" line and field: metric User, System or
// Elapsed, interval "0" (the sample number MonitorDuration.pm gives), value.
// Throws std::runtime_error when bench is not a plain benchmark name.
Rows parseDuration(const std::filesystem::path& iterDir, const std::string& bench);

}  // namespace mmtp::compare
