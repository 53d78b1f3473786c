// pulse.hpp - ibpb-pulse's one job (seed 000's ibpb-pulse.c, generalised):
// a disposable, unprivileged process pins itself to one CPU and, in "protect"
// mode, opts itself in to indirect-branch protection with
// PR_SET_SPECULATION_CTRL(PR_SPEC_INDIRECT_BRANCH, PR_SPEC_FORCE_DISABLE),
// which makes the kernel issue an IBPB on that CPU. "sham" does every step
// but the opt-in. It never enables speculation, writes no MSR, sysfs or
// procfs setting and changes nothing but its own task.
//
// Everything it touches goes through PulseSystem, so each exit path can be
// unit-tested on a machine (like this VM) that lacks per-task control.
#pragma once
#include "common/speculation_ctrl.hpp"

#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace mmtp::ibpbpulse {

// Exit codes. 2-7 keep the seed helper's meaning; root refusal (2 in the seed)
// has its own code so that scripts can tell it from a typo.
enum PulseExit : int {
    kPulseOk = 0,
    kPulseFailure = 1,        // fork/wait/output failure (--all-cpus driver, stdout)
    kPulseUsage = 2,          // bad arguments
    kPulseBadCpu = 3,         // CPU not a number, negative, or not online
    kPulsePinFailed = 4,      // could not pin to exactly that CPU, or not running there
    kPulseBadInitialMask = 5, // initial mask is not PRCTL|ENABLE (incl. no per-task control)
    kPulseProtectFailed = 6,  // PR_SET(FORCE_DISABLE) returned an error
    kPulseVerifyFailed = 7,   // mask read back (or CPU) is not what it must be
    kPulseRefusedRoot = 8,    // running as root (uid or euid 0)
};

enum class PulseMode { Sham, Protect };
std::string_view modeName(PulseMode m);

// The calling task's view of the machine. The real one (realSystem()) is
// sysfs reads plus syscalls on the calling task only.
class PulseSystem {
public:
    virtual ~PulseSystem() = default;
    virtual uid_t uid() const = 0;
    virtual uid_t euid() const = 0;
    virtual pid_t pid() const = 0;
    virtual std::vector<int> onlineCpus() const = 0;  // throws Error if unreadable
    virtual int pinSelf(int cpu) = 0;                 // 0 or errno; pins to exactly cpu
    virtual std::vector<int> allowedCpus() const = 0;  // sched_getaffinity
    virtual int currentCpu() const = 0;                // sched_getcpu
    virtual SpecState getIndirectBranch() const = 0;
    virtual int forceDisableIndirectBranch() = 0;     // 0 or errno
};
PulseSystem& realSystem();

struct PulseOutcome {
    int code = kPulseFailure;
    std::string message;  // for stderr when code != 0: "CPU 3: ..."
    std::string json;     // the one JSON line (with '\n') when code == 0
};

struct PulseArgs {
    bool allCpus = false;
    int cpu = -1;
    PulseMode mode = PulseMode::Sham;
};

// Parses "CPU sham|protect" or "--all-cpus sham|protect". Returns the exit
// code (kPulseOk, kPulseUsage or kPulseBadCpu) and fills args / message.
// Checks only the text; online-ness is checked by pulseOnce.
int parseArgs(const std::vector<std::string>& argv, PulseArgs& args, std::string& message);

// Refuses root (kPulseRefusedRoot) - checked before anything else is touched.
int refuseRoot(const PulseSystem& sys, std::string& message);

// One pulse in the calling process, steps and exit codes as the seed helper.
PulseOutcome pulseOnce(PulseSystem& sys, int cpu, PulseMode mode);

// Why the initial mask is not PRCTL|ENABLE, in words.
std::string explainInitialMask(const SpecState& s);

}  // namespace mmtp::ibpbpulse
