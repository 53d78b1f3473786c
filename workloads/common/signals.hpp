// signals.hpp - SIGINT/SIGTERM become a flag and an exception, so that the
// destructors that stop servers and remove temp dirs run before exit (130).
// SIGHUP (a closed ssh session, the usual way a long run dies) and SIGQUIT
// are the same interrupt: every place that handles, blocks or resets "the
// interrupt signals" takes them from kInterruptSignals.
//
// The handlers are installed without SA_RESTART: a blocking read(), wait4()
// or poll() returns EINTR, the caller calls throwIfInterrupted() and the
// stack unwinds. Code that waits in a loop should check it every pass.
//
// A signal can land after the check and before the blocking call: the call
// would then wait for its event (the end of a 200M-loop exchange) with the
// flag already set. So the handler also starts a reminder: a timer that
// sends reminderSignal() (a no-op handler, no SA_RESTART) to the main thread
// every kReminderPeriod from then on. Whatever blocking call the main thread
// entered returns EINTR within that period, and its EINTR path sees the
// flag. The reminder stops when the main thread throws Interrupted
// (throwIfInterrupted): from there on it unwinds, and its cleanup's waits
// (reaping a child it stops, gzip of a log) must not be cut short; a second
// signal starts the reminder again.
#pragma once
#include "base/errors.hpp"

#include <array>
#include <chrono>
#include <csignal>

namespace mmtp {

struct Interrupted : Error {
    explicit Interrupted(int sig);
    int signal() const { return sig_; }
private:
    int sig_;
};

// The signals that stop a run cleanly (message, exit 130, cleanup).
inline constexpr std::array<int, 4> kInterruptSignals{SIGINT, SIGTERM, SIGHUP, SIGQUIT};
bool isInterruptSignal(int sig);
// How often, once an interrupt arrived, the main thread's blocking call is
// interrupted again (see above), and by which signal.
inline constexpr std::chrono::milliseconds kReminderPeriod{20};
inline int reminderSignal() { return SIGRTMIN + 2; }
// A set holding kInterruptSignals, for pthread_sigmask/sigprocmask.
sigset_t interruptSignalSet();
// Sets every interrupt signal to `handler` (SIG_DFL, SIG_IGN): a child that
// must not share our flag.
void setInterruptDisposition(void (*handler)(int)) noexcept;

// Blocks the interrupt signals in this thread while alive, so that threads
// created meanwhile never take them (the main thread does).
class BlockInterrupts {
public:
    BlockInterrupts();
    ~BlockInterrupts();
    BlockInterrupts(const BlockInterrupts&) = delete;
    BlockInterrupts& operator=(const BlockInterrupts&) = delete;
private:
    sigset_t old_;
};

// Installs the handlers for the interrupt signals (and ignores SIGPIPE, so a
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
// Throws Interrupted if a signal arrived (and, in the main thread, stops the reminder).
void throwIfInterrupted();

}  // namespace mmtp
