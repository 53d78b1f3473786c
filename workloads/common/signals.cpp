#include "common/signals.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>
#include <pthread.h>
#include <string>
#include <unistd.h>

namespace mmtp {

namespace {
volatile std::sig_atomic_t gSignal = 0;
std::array<struct sigaction, kInterruptSignals.size()> gOld;
struct sigaction gOldPipe;

// The reminder (signals.hpp): a timer that, once an interrupt arrived,
// sends reminderSignal() to the main thread every kReminderPeriod, so that a
// blocking call entered after the flag was checked still returns EINTR.
timer_t gReminder{};
bool gReminderMade = false;
pid_t gReminderOwner = 0;  // a forked child keeps our handler, not our timer
pid_t gReminderThread = 0;  // the main thread, which the timer signals
struct sigaction gOldReminder;

extern "C" void onReminder(int) {}  // only there to make a blocking call return EINTR

extern "C" void onInterrupt(int sig) {
    if (gSignal == 0) gSignal = sig;
    const int savedErrno = errno;
    if (gReminderMade && ::getpid() == gReminderOwner) {
        constexpr long kNs = std::chrono::nanoseconds(kReminderPeriod).count();
        const itimerspec every{{0, kNs}, {0, kNs}};
        ::timer_settime(gReminder, 0, &every, nullptr);  // async-signal-safe (POSIX)
    }
    errno = savedErrno;
}

// A timer that signals this thread (the main thread: the one that waits on
// children, pipes and sleeps) with reminderSignal(). False if the kernel
// refuses one; the handlers still work, without the reminder.
bool makeReminder() {
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = onReminder;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: that is its whole point
    if (::sigaction(reminderSignal(), &sa, &gOldReminder) != 0) return false;
    struct sigevent ev;
    std::memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev.sigev_signo = reminderSignal();
    ev._sigev_un._tid = ::gettid();
    if (::timer_create(CLOCK_MONOTONIC, &ev, &gReminder) != 0) {
        ::sigaction(reminderSignal(), &gOldReminder, nullptr);
        return false;
    }
    gReminderOwner = ::getpid();
    gReminderThread = ::gettid();
    return true;
}

std::string signalName(int sig) {
    const char* n = sigabbrev_np(sig);
    return n ? std::string("SIG") + n : "signal " + std::to_string(sig);
}
}  // namespace

bool isInterruptSignal(int sig) {
    for (int s : kInterruptSignals)
        if (s == sig) return true;
    return false;
}

sigset_t interruptSignalSet() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : kInterruptSignals) sigaddset(&set, s);
    return set;
}

void setInterruptDisposition(void (*handler)(int)) noexcept {
    for (int s : kInterruptSignals) ::signal(s, handler);
}

BlockInterrupts::BlockInterrupts() {
    const sigset_t set = interruptSignalSet();
    ::pthread_sigmask(SIG_BLOCK, &set, &old_);
}

BlockInterrupts::~BlockInterrupts() { ::pthread_sigmask(SIG_SETMASK, &old_, nullptr); }

Interrupted::Interrupted(int sig)
    : Error("interrupted by " + signalName(sig) + ", cleaned up", kExitInterrupted), sig_(sig) {}

InterruptGuard::InterruptGuard() {
    gReminderMade = makeReminder();
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = onInterrupt;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: blocking calls return EINTR
    for (std::size_t i = 0; i < kInterruptSignals.size(); ++i) sigaction(kInterruptSignals[i], &sa, &gOld[i]);
    struct sigaction ign;
    std::memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &gOldPipe);
}

InterruptGuard::~InterruptGuard() {
    for (std::size_t i = 0; i < kInterruptSignals.size(); ++i) sigaction(kInterruptSignals[i], &gOld[i], nullptr);
    sigaction(SIGPIPE, &gOldPipe, nullptr);
    if (gReminderMade) {
        gReminderMade = false;
        ::timer_delete(gReminder);
        sigaction(reminderSignal(), &gOldReminder, nullptr);
    }
}

int pendingInterrupt() { return gSignal; }

void throwIfInterrupted() {
    if (int sig = gSignal) {
        // The main thread acts on it now: its cleanup's own waits (a child it
        // stops and reaps, a gzip) must not be cut short any more.
        if (gReminderMade && ::getpid() == gReminderOwner && ::gettid() == gReminderThread) {
            const itimerspec off{};
            ::timer_settime(gReminder, 0, &off, nullptr);
        }
        throw Interrupted(sig);
    }
}

}  // namespace mmtp
