// seccomp-churn: stress-ng's seccomp stressor as a native MMTests workload,
// plus the seccomp() attach-latency distribution. See sweep.hpp/workers.hpp.
#include "base/errors.hpp"
#include "seccomp-churn/config.hpp"
#include "common/signals.hpp"
#include "seccomp-churn/sweep.hpp"
#include "seccomp-churn/workers.hpp"

#include <iostream>
#include <sys/prctl.h>

int main(int argc, char** argv) {
    using namespace mmtp;
    using namespace mmtp::seccompchurn;
    // Orphans of a worker that died are re-parented to us and reaped below.
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    int rc = kExitOk;
    try {
        const Config c = parseConfig(argc, argv);
        if (c.help) {
            printHelp();
            return kExitOk;
        }
        InterruptGuard guard;
        runSweep(c, std::cout);
    } catch (const Error& e) {
        if (e.code() == kExitInterrupted)
            std::cerr << "seccomp-churn: interrupted; children reaped, no result written for the current run\n";
        else
            std::cerr << "seccomp-churn: " << e.what() << "\n";
        rc = e.code();
    } catch (const std::exception& e) {
        std::cerr << "seccomp-churn: " << e.what() << "\n";
        rc = kExitFailure;
    }
    reapOrphans();
    return rc;
}
