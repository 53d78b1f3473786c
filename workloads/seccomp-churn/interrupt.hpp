// interrupt.hpp - SIGINT/SIGTERM become a flag the fork loops poll, so a
// Ctrl-C finishes the current child, reaps everything and exits 130.
// (Local to seccomp-churn; a shared workloads/common/signals.* is being
// written separately.)
#pragma once

namespace mmtp::seccompchurn {

// Installs the handlers (without SA_RESTART) for its lifetime; restores the
// previous dispositions in the destructor.
class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;
};

bool interrupted();
int interruptSignal();     // the signal that arrived, 0 if none
void clearInterrupted();   // a fresh run (tests) starts uninterrupted

}  // namespace mmtp::seccompchurn
