#include "seccomp-churn/interrupt.hpp"

#include <csignal>

namespace mmtp::seccompchurn {
namespace {

volatile std::sig_atomic_t gSignal = 0;
struct sigaction gOldInt, gOldTerm;

void onSignal(int sig) { gSignal = sig; }

}  // namespace

InterruptGuard::InterruptGuard() {
    struct sigaction sa {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: a blocked waitpid returns EINTR
    sigaction(SIGINT, &sa, &gOldInt);
    sigaction(SIGTERM, &sa, &gOldTerm);
}

InterruptGuard::~InterruptGuard() {
    sigaction(SIGINT, &gOldInt, nullptr);
    sigaction(SIGTERM, &gOldTerm, nullptr);
}

bool interrupted() { return gSignal != 0; }
int interruptSignal() { return gSignal; }
void clearInterrupted() { gSignal = 0; }

}  // namespace mmtp::seccompchurn
