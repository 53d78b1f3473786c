#include "ibpb-pulse/pulse.hpp"

#include "base/errors.hpp"
#include "common/cpu_pin.hpp"
#include "common/cpu_topology.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <sched.h>
#include <unistd.h>

namespace mmtp::ibpbpulse {

std::string_view modeName(PulseMode m) { return m == PulseMode::Protect ? "protect" : "sham"; }

namespace {

constexpr int kInitialMask = spec::kPrctl | spec::kEnable;
constexpr int kProtectedMask = spec::kPrctl | spec::kForceDisable;

std::string maskText(int mask) {
    return describeSpecMask(mask) + " (" + std::to_string(mask) + ")";
}

class RealSystem final : public PulseSystem {
public:
    uid_t uid() const override { return ::getuid(); }
    uid_t euid() const override { return ::geteuid(); }
    pid_t pid() const override { return ::getpid(); }
    std::vector<int> onlineCpus() const override { return CpuTopology().online(); }
    int pinSelf(int cpu) override { return mmtp::pinSelf(cpu); }
    std::vector<int> allowedCpus() const override {
        try {
            return mmtp::allowedCpus();
        } catch (const Error&) {
            return {};  // pulseOnce reports the pin as failed
        }
    }
    int currentCpu() const override { return ::sched_getcpu(); }
    SpecState getIndirectBranch() const override {
        return getSpeculationCtrl(SpecFeature::IndirectBranch);
    }
    int forceDisableIndirectBranch() override {
        return setSpeculationCtrl(SpecFeature::IndirectBranch, spec::kForceDisable);
    }
};

}  // namespace

PulseSystem& realSystem() {
    static RealSystem sys;
    return sys;
}

int parseArgs(const std::vector<std::string>& argv, PulseArgs& args, std::string& message) {
    const std::string usage = "usage: ibpb-pulse CPU sham|protect | ibpb-pulse --all-cpus sham|protect";
    if (argv.size() != 2 || (argv[1] != "sham" && argv[1] != "protect")) {
        message = argv.size() == 2 ? "mode must be 'sham' or 'protect', not '" + argv[1] + "'; " + usage
                                   : usage;
        return kPulseUsage;
    }
    args.mode = argv[1] == "protect" ? PulseMode::Protect : PulseMode::Sham;
    if (argv[0] == "--all-cpus") {
        args.allCpus = true;
        return kPulseOk;
    }
    const std::string& t = argv[0];
    long v = -1;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || p != t.data() + t.size() || v < 0 || v >= CPU_SETSIZE) {
        message = "CPU '" + t + "' is not a CPU number (0.." + std::to_string(CPU_SETSIZE - 1) + ")";
        return kPulseBadCpu;
    }
    args.cpu = static_cast<int>(v);
    return kPulseOk;
}

int refuseRoot(const PulseSystem& sys, std::string& message) {
    if (sys.uid() == 0 || sys.euid() == 0) {
        message = "refusing to run as root (uid " + std::to_string(sys.uid()) + ", euid " +
                  std::to_string(sys.euid()) +
                  "): the pulse must come from an ordinary process; run it as an unprivileged "
                  "user, e.g. setpriv --reuid=65534 --regid=65534 --clear-groups ibpb-pulse ...";
        return kPulseRefusedRoot;
    }
    return kPulseOk;
}

std::string explainInitialMask(const SpecState& s) {
    if (!s.ok()) return "PR_GET_SPECULATION_CTRL(INDIRECT_BRANCH) failed: " + describe(s);
    const std::string seen = "initial indirect-branch mask is " + maskText(s.mask) +
                             ", expected " + maskText(kInitialMask) + ": ";
    if (s.mask == 0) return seen + "the CPU is not affected by Spectre v2, there is nothing to flush";
    if (!(s.mask & spec::kPrctl))
        return seen + "no per-task indirect-branch control here (the PRCTL bit is missing), so the "
                      "opt-in cannot work; boot with spectre_v2_user=prctl (or =seccomp) to get it";
    if (s.mask & (spec::kDisable | spec::kForceDisable))
        return seen + "this process already runs with protection (inherited from its parent?), "
                      "so a pulse would not be a fresh opt-in";
    return seen + "unexpected state";
}

PulseOutcome pulseOnce(PulseSystem& sys, int cpu, PulseMode mode) {
    PulseOutcome out;
    const std::string where = "CPU " + std::to_string(cpu) + ": ";
    if ((out.code = refuseRoot(sys, out.message)) != kPulseOk) return out;

    std::vector<int> online;
    try {
        online = sys.onlineCpus();
    } catch (const Error& e) {
        out.code = kPulseBadCpu;
        out.message = where + e.what();
        return out;
    }
    if (!std::binary_search(online.begin(), online.end(), cpu)) {
        out.code = kPulseBadCpu;
        out.message = where + "not online (online CPUs: " + formatCpuList(online) + ")";
        return out;
    }

    if (int e = sys.pinSelf(cpu)) {
        out.code = kPulsePinFailed;
        out.message = where + "cannot pin to it: " + std::strerror(e);
        return out;
    }
    std::vector<int> allowed = sys.allowedCpus();
    int running = sys.currentCpu();
    if (allowed != std::vector<int>{cpu} || running != cpu) {
        out.code = kPulsePinFailed;
        out.message = where + "pinning did not hold: allowed CPUs " + formatCpuList(allowed) +
                      ", running on CPU " + std::to_string(running);
        return out;
    }

    SpecState before = sys.getIndirectBranch();
    if (!before.ok() || before.mask != kInitialMask) {
        out.code = kPulseBadInitialMask;
        out.message = where + explainInitialMask(before);
        return out;
    }

    const bool protect = mode == PulseMode::Protect;
    if (protect) {
        if (int e = sys.forceDisableIndirectBranch()) {
            out.code = kPulseProtectFailed;
            out.message = where + "PR_SET_SPECULATION_CTRL(INDIRECT_BRANCH, FORCE_DISABLE) failed: " +
                          std::strerror(e) + " (mask was " + maskText(before.mask) + ")";
            return out;
        }
    }
    SpecState after = sys.getIndirectBranch();
    const int want = protect ? kProtectedMask : before.mask;
    running = sys.currentCpu();
    if (!after.ok() || after.mask != want || running != cpu) {
        out.code = kPulseVerifyFailed;
        out.message = where + "after " + std::string(modeName(mode)) + " the mask is " +
                      (after.ok() ? maskText(after.mask) : describe(after)) + ", expected " +
                      maskText(want) + ", on CPU " + std::to_string(running) +
                      (protect ? ": the protection did not take effect" : ": the state changed by itself");
        return out;
    }

    out.code = kPulseOk;
    out.json = "{\"cpu\":" + std::to_string(cpu) + ",\"pid\":" + std::to_string(sys.pid()) +
               ",\"uid\":" + std::to_string(sys.uid()) + ",\"mode\":\"" + std::string(modeName(mode)) +
               "\",\"before\":" + std::to_string(before.mask) + ",\"after\":" +
               std::to_string(after.mask) + ",\"before_text\":\"" + describeSpecMask(before.mask) +
               "\",\"after_text\":\"" + describeSpecMask(after.mask) + "\"}\n";
    return out;
}

}  // namespace mmtp::ibpbpulse
