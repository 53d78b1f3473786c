// clock_record.hpp - the report side of the clock check our workloads write
// (LOGDIR/NAME-clock.json, workloads/common/clock_check.hpp,
// docs/clock-check.md): a run whose samples were under 1000 ticks of their
// clock, or whose series are too noisy for a verdict at its iterations, gets
// a warning naming the setting to raise. An unreadable or malformed record
// is one warning, never the report.
#pragma once
#include "core/warnings.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace mmtp::compare {

// The warnings of every RUN/iter-*/BENCH/logs/*-clock.json (at most 64
// iterations and 16 records an iteration; symlinks are not followed).
Warnings clockRecordWarnings(const std::filesystem::path& logDir, const std::string& run);

// The warnings of one record's text; where names the file.
Warnings clockRecordTextWarnings(const std::string& text, const std::string& where);

// What one of those warnings says of the measurement, in a few words for a
// summary line: "samples under 1000 ticks" or "series too noisy for a call";
// nullopt for one about the record itself (not JSON, not a regular file),
// which is a problem of the tree, said in full like any other.
std::optional<std::string> clockWarningTopic(const std::string& warning);

}  // namespace mmtp::compare
