// signals.hpp - SIGINT/SIGTERM become a flag and an exception, so that the
// destructors that stop servers and remove temp dirs run before exit (130).
//
// The handlers are installed without SA_RESTART: a blocking read(), wait4()
// or poll() returns EINTR, the caller calls throwIfInterrupted() and the
// stack unwinds. Code that waits in a loop should check it every pass.
#pragma once
#include "base/errors.hpp"

namespace mmtp {

struct Interrupted : Error {
    explicit Interrupted(int sig);
    int signal() const { return sig_; }
private:
    int sig_;
};

// Installs the handlers for SIGINT and SIGTERM (and ignores SIGPIPE, so a
// dead peer shows up as EPIPE instead of killing us); restores the previous
// dispositions on destruction. One per program, in main().
class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;
};

// The signal number received, or 0.
int pendingInterrupt();
inline bool interruptRequested() { return pendingInterrupt() != 0; }
// Throws Interrupted if a signal arrived.
void throwIfInterrupted();

}  // namespace mmtp
