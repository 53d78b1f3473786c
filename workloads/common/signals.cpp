#include "common/signals.hpp"

#include <csignal>
#include <cstring>
#include <pthread.h>
#include <string>

namespace mmtp {

namespace {
volatile std::sig_atomic_t gSignal = 0;
std::array<struct sigaction, kInterruptSignals.size()> gOld;
struct sigaction gOldPipe;

extern "C" void onInterrupt(int sig) {
    if (gSignal == 0) gSignal = sig;
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
}

int pendingInterrupt() { return gSignal; }

void throwIfInterrupted() {
    if (int sig = gSignal) throw Interrupted(sig);
}

}  // namespace mmtp
