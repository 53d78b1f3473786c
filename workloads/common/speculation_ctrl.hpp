// speculation_ctrl.hpp - PR_GET/PR_SET_SPECULATION_CTRL for the calling task,
// and the mask decoded into words ("PRCTL|ENABLE") for logs and messages.
// Only the calling task is ever read or changed (prctl has no pid argument).
#pragma once
#include <string>

namespace mmtp {

enum class SpecFeature : int {
    StoreBypass = 0,     // PR_SPEC_STORE_BYPASS
    IndirectBranch = 1,  // PR_SPEC_INDIRECT_BRANCH
    L1dFlush = 2,        // PR_SPEC_L1D_FLUSH
};

// The PR_SPEC_* bits (uapi linux/prctl.h), spelled out so that the decoding
// does not depend on the libc headers' age.
namespace spec {
inline constexpr int kNotAffected = 0;
inline constexpr int kPrctl = 1 << 0;
inline constexpr int kEnable = 1 << 1;
inline constexpr int kDisable = 1 << 2;
inline constexpr int kForceDisable = 1 << 3;
inline constexpr int kDisableNoexec = 1 << 4;
}  // namespace spec

// Result of PR_GET_SPECULATION_CTRL: the mask, or error = errno (mask -1).
struct SpecState {
    int mask = -1;
    int error = 0;
    bool ok() const { return error == 0 && mask >= 0; }
    // Per-task control is possible only when the kernel sets PR_SPEC_PRCTL.
    bool perTaskControl() const { return ok() && (mask & spec::kPrctl); }
};

// "PRCTL|ENABLE", "NOT_AFFECTED" for 0, unknown bits as "0x40";
// a failed read as "error: <strerror>".
std::string describeSpecMask(int mask);
std::string describe(const SpecState& s);

// prctl(PR_GET_SPECULATION_CTRL, feature, 0, 0, 0) on the calling task.
SpecState getSpeculationCtrl(SpecFeature f);
// prctl(PR_SET_SPECULATION_CTRL, feature, value, 0, 0) on the calling task;
// returns 0 or errno. Never call it with spec::kEnable from this project:
// our tools only ever add protection.
int setSpeculationCtrl(SpecFeature f, int value);

// The message every tool prints when indirect-branch control is not per task.
std::string noPerTaskIbControlHint(const SpecState& seen);

}  // namespace mmtp
