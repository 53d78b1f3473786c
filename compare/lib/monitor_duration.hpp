// monitor_duration.hpp - --print-monitor duration (MonitorDuration.pm): the
// user, system and elapsed seconds run-mmtests.sh recorded for the benchmark
// in each iteration's tests-timestamp.
#pragma once
#include "lib/extraction.hpp"

#include <filesystem>
#include <string>

namespace mmtp::compare {

void extractDuration(Extraction& extraction, const std::filesystem::path& iterDir, const std::string& bench);

}  // namespace mmtp::compare
