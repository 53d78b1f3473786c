#include "fiolike/stop_flag.hpp"

#include <atomic>
#include <csignal>

namespace mmtp::fiolike {

namespace {
std::atomic<bool> gStop{false};
volatile std::sig_atomic_t gSignalled = 0;

extern "C" void onStopSignal(int) {
    gSignalled = 1;
    gStop.store(true, std::memory_order_relaxed);
}
}  // namespace

void installStopHandlers() {
    struct sigaction sa {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: a blocking wait returns EINTR
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

bool stopRequested() { return gStop.load(std::memory_order_relaxed); }
void requestStop() { gStop.store(true, std::memory_order_relaxed); }
bool interruptedBySignal() { return gSignalled != 0; }

}  // namespace mmtp::fiolike
