// report.hpp - what a run leaves behind: the terse v3 line appended to
// LOGDIR/fio.log, the JSON summary LOGDIR/fiolike-NAME.json (per direction
// IOPS, bandwidth, clat summary, fio's usr/sys %, and CPU us per IO), and a
// short human summary for stdout.
#pragma once
#include "fiolike/run.hpp"
#include "fiolike/settings.hpp"

#include <string>

namespace mmtp::fiolike {

std::string humanSummary(const JobSpec& spec, const RunResult& r);
// Writes the JSON atomically and appends the terse line to fio.log
// (appendFileAtomically: concurrent runs into one logdir keep every line).
void writeLogs(const JobSpec& spec, const RunResult& r);

}  // namespace mmtp::fiolike
