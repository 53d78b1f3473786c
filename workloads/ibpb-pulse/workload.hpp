// workload.hpp - ibpb-pulse as an MMTests workload (no arguments; run by the
// shellpack or run-config): runs "ibpb-pulse --all-cpus $IBPB_PULSE_MODE" in
// a child process - as IBPB_PULSE_USER (default nobody, via setpriv) when we
// are root, since the pulse itself refuses root - and writes
//   $LOGDIR_RESULTS/ibpb-pulse.json    the JSON lines, one per CPU
//   $LOGDIR_RESULTS/ibpb-pulse.err     its stderr
//   $LOGDIR_RESULTS/ibpb-pulse.status  "ok MODE NCPUS" or "failed MODE EXIT"
// The status file is common/pulse_status's contract: what a measured workload
// run after it checks (pipe-pingpong --after-ibpb-pulse MODE).
#pragma once
#include <filesystem>
#include <string>

namespace mmtp::ibpbpulse {

// Returns the exit code (that of the pulses, or 2 for a bad environment).
int runWorkload(const std::filesystem::path& self);

}  // namespace mmtp::ibpbpulse
