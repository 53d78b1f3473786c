// seccomp-churn: stress-ng's seccomp stressor as a native MMTests workload,
// plus the seccomp() attach-latency distribution. See sweep.hpp/workers.hpp.
#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/pulse_status.hpp"
#include "common/workload_main.hpp"
#include "seccomp-churn/duration.hpp"
#include "seccomp-churn/run.hpp"
#include "seccomp-churn/settings.hpp"
#include "seccomp-churn/workers.hpp"

#include <cerrno>
#include <iostream>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace mmtp;
using namespace mmtp::seccompchurn;

namespace {

// Orphans of a worker that died are re-parented to us and reaped on the way
// out, whatever the way out is.
struct Subreaper {
    Subreaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }
    ~Subreaper() { reapOrphans(); }
};

void supported(Settings& c) {
    // The seccomp() syscall with filter support (CONFIG_SECCOMP_FILTER):
    // asking whether an action exists changes nothing.
    std::uint32_t action = SECCOMP_RET_ERRNO;
    if (::syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &action) != 0 && (errno == ENOSYS || errno == EINVAL))
        throw UnsupportedError(errnoMessage("seccomp(SECCOMP_GET_ACTION_AVAIL) failed: this kernel has no "
                                            "seccomp filters (CONFIG_SECCOMP_FILTER)"));
    requireWritableDir(c.logdir, "--logdir");
    requirePulseBefore(c.afterPulse, c.logdir);
}

int run(const Settings& c) {
    Subreaper subreaper;
    runSweep(c, std::cout);
    return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    const Workload<Settings> w{
        "seccomp-churn",
        "Fork children that set no_new_privs, attach seccomp filter(s) and exit; one\n"
        "bogo-op per reaped child. Writes stress-ng --metrics-brief logs\n"
        "(stressng-<N>-<ITER>.log) and attach-latency extras (seccomp-churn-<N>-<ITER>.extra).",
        optionTable(),
        settingsFrom,
        supported,
        run,
        ExitMeanings{.unsupported = "no seccomp filters here"},
        estimatedSeconds,
    };
    return workloadMain(w, argc, argv);
}
