// exchange.hpp - the measurement: two workers pass a 4-byte message over two
// pipes `loops` times, exactly as perf bench sched pipe (<= 6.14) does.
//
// Both workers are new tasks (two forked processes, or two threads), so the
// controller never changes its own speculation state and every iteration
// starts from the same inherited state. Each worker pins itself, applies its
// PR_SET_SPECULATION_CTRL, reads the state back and reports it; the controller
// checks both reports (plan.hpp checkSide) and only then says "go". The
// parent-role worker times its own loop with CLOCK_MONOTONIC.
#pragma once
#include "pipe-pingpong/plan.hpp"

#include <cstdint>

namespace mmtp::pipepingpong {

struct ExchangeConfig {
    long loops = 1000000;
    bool threaded = false;
    Mode mode = Mode::Baseline;
    Placement placement;
};

struct ExchangeResult {
    long loops = 0;
    std::int64_t elapsedNs = 0;  // the parent-role worker's loop, first write to last read
    SideReport parent;
    SideReport child;
};

// Throws UnsupportedError (no per-task control), Error (a side failed or did
// not take the mode), or Error with kExitInterrupted on SIGINT/SIGTERM. Never
// returns with a worker process or thread still running.
ExchangeResult runExchange(const ExchangeConfig& cfg);

// The checks runExchange starts with, for main() to fail before iteration 1:
// UsageError for loops <= 0, UnsupportedError when the mode needs per-task
// indirect-branch control and PR_GET on ourselves shows none.
void preflight(const ExchangeConfig& cfg);

// Interrupts come from common/signals.hpp (main() holds an InterruptGuard).
// This adds the SIGUSR1 handler used to wake worker threads when stopping them.
void installWakeHandler();

}  // namespace mmtp::pipepingpong
