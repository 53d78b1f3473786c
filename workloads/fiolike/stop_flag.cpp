#include "fiolike/stop_flag.hpp"

#include "common/signals.hpp"

#include <atomic>

namespace mmtp::fiolike {

namespace {
std::atomic<bool> gJobFailed{false};
}  // namespace

bool stopRequested() { return interruptRequested() || gJobFailed.load(std::memory_order_relaxed); }
void requestStop() { gJobFailed.store(true, std::memory_order_relaxed); }

}  // namespace mmtp::fiolike
