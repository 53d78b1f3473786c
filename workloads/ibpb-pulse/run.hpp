// run.hpp - ibpb-pulse as an MMTests workload (no CPU argument; run by
// the shellpack or run-config): runs "ibpb-pulse --all-cpus MODE" in a
// child process - as IBPB_PULSE_USER (default nobody, via setpriv) when we
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

// From the option table (main.cpp): --mode, --user, --logdir and their
// config variables IBPB_PULSE_MODE, IBPB_PULSE_USER, LOGDIR_RESULTS.
struct WorkloadSettings {
    std::string mode;  // sham | protect
    std::string user;  // the pulses' user when started as root
    std::filesystem::path logdir;
};

// The preflight: the log directory is writable and, as root, the user is an
// existing unprivileged one (UsageError) and setpriv exists (UnsupportedError).
void checkWorkload(const WorkloadSettings& s);

// Returns the exit code of the pulses.
int runWorkload(const std::filesystem::path& self, const WorkloadSettings& s);

}  // namespace mmtp::ibpbpulse
