// pulse_status.hpp - the contract between ibpb-pulse and any workload measured
// after it. ibpb-pulse writes $LOGDIR_RESULTS/ibpb-pulse.status, "ok MODE
// NCPUS" or "failed MODE EXIT"; a workload told which pulse must precede it
// checks the file and refuses to measure an A/B arm whose pulse failed,
// because MMTests and run-config go on to the next benchmark regardless.
#pragma once
#include <filesystem>
#include <string>

namespace mmtp {

inline constexpr const char* kPulseStatusFile = "ibpb-pulse.status";

// Writes DIR/ibpb-pulse.status atomically.
void writePulseStatus(const std::filesystem::path& logdir, const std::string& mode, bool ok, long detail);

// Reads DIR/ibpb-pulse.status; empty string when it says "ok MODE ...",
// else why not (missing, failed, other mode).
std::string checkPulseStatus(const std::filesystem::path& logdir, const std::string& mode);

}  // namespace mmtp
