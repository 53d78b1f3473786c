#include "common/signals.hpp"

#include <csignal>
#include <cstring>
#include <string>

namespace mmtp {

namespace {
volatile std::sig_atomic_t gSignal = 0;
struct sigaction gOldInt, gOldTerm, gOldPipe;

extern "C" void onInterrupt(int sig) {
    if (gSignal == 0) gSignal = sig;
}

std::string signalName(int sig) {
    const char* n = sigabbrev_np(sig);
    return n ? std::string("SIG") + n : "signal " + std::to_string(sig);
}
}  // namespace

Interrupted::Interrupted(int sig)
    : Error("interrupted by " + signalName(sig) + ", cleaned up", kExitInterrupted), sig_(sig) {}

InterruptGuard::InterruptGuard() {
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = onInterrupt;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: blocking calls return EINTR
    sigaction(SIGINT, &sa, &gOldInt);
    sigaction(SIGTERM, &sa, &gOldTerm);
    struct sigaction ign;
    std::memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &gOldPipe);
}

InterruptGuard::~InterruptGuard() {
    sigaction(SIGINT, &gOldInt, nullptr);
    sigaction(SIGTERM, &gOldTerm, nullptr);
    sigaction(SIGPIPE, &gOldPipe, nullptr);
}

int pendingInterrupt() { return gSignal; }

void throwIfInterrupted() {
    if (int sig = gSignal) throw Interrupted(sig);
}

}  // namespace mmtp
