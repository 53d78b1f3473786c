// workload.hpp - ibpb-pulse as an MMTests workload (no arguments; run by the
// shellpack or run-config): runs "ibpb-pulse --all-cpus $IBPB_PULSE_MODE" in
// a child process - as IBPB_PULSE_USER (default nobody, via setpriv) when we
// are root, since the pulse itself refuses root - and writes
//   $LOGDIR_RESULTS/ibpb-pulse.json    the JSON lines, one per CPU
//   $LOGDIR_RESULTS/ibpb-pulse.err     its stderr
//   $LOGDIR_RESULTS/ibpb-pulse.status  "ok MODE NCPUS" or "failed MODE EXIT"
// The status file is what a measured workload run after it checks
// (pipe-pingpong --after-ibpb-pulse MODE), because MMTests and run-config go
// on to the next benchmark even when this one failed.
#pragma once
#include <filesystem>
#include <string>

namespace mmtp::ibpbpulse {

inline constexpr const char* kStatusFile = "ibpb-pulse.status";

// Returns the exit code (that of the pulses, or 2 for a bad environment).
int runWorkload(const std::filesystem::path& self);

// Reads DIR/ibpb-pulse.status; empty string when it says "ok MODE ...",
// else why not (missing, failed, other mode).
std::string checkPulseStatus(const std::filesystem::path& logdir, const std::string& mode);

}  // namespace mmtp::ibpbpulse
