// schedule_state.hpp - the matrix's progress, one fsync'd file
// (DIR/matrix/state) rewritten whole by temp + rename after every step, so a
// SIGKILL, crash or power loss leaves either the old or the new state.
//
//   mitigation-matrix-state 1
//   digest HEX
//   started EPOCH
//   kernel ROW MD5 RELEASE IMAGE...      (RELEASE "-": the image names none)
//   iterations ROW N                     (each accepted boot is N iter-Ns; none: 1)
//   boot NUMBER ROW STATUS ITERATION BOOT-ID-BEFORE REASON...
#pragma once
#include "mitigation-matrix/kernel_identity.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::matrix {

// pending -> started (a guest or a reboot is under way) -> measuring (the
// config runs on that boot) -> accepted | rejected | failed. skipped: never
// booted (its row was rejected, or the budget ran out).
enum class BootStatus { Pending, Started, Measuring, Accepted, Rejected, Failed, Skipped };

const char* statusName(BootStatus s);

struct BootRecord {
    int number = 0;
    std::string row;
    BootStatus status = BootStatus::Pending;
    int iteration = -1;        // accepted: its first iter-N in DIR/log/ROW
    std::string bootIdBefore;  // started by a reboot: the boot it left ("-": none)
    std::string reason;        // rejected/failed/skipped: why (one line)
};

struct ScheduleState {
    std::string digest;
    long long started = 0;
    std::map<std::string, KernelIdentity> kernels;  // row -> its kernel, taken when first scheduled
    std::map<std::string, int> iterations;          // row -> iterations per boot, taken then too
    std::vector<BootRecord> boots;
};

// Reads the state; nullopt when there is none. Throws Error naming the file
// when it is not a state file this program wrote (or a symlink).
std::optional<ScheduleState> loadState(const std::filesystem::path& file);
// temp + fsync + rename + fsync of the folder.
void saveState(const std::filesystem::path& file, const ScheduleState& state);

std::string formatState(const ScheduleState& state);
ScheduleState parseState(const std::string& text, const std::filesystem::path& file);

}  // namespace mmtp::matrix
