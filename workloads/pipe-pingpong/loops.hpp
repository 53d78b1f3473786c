// loops.hpp - the measured loops, and nothing else: each iteration is one
// read and one write of a 4-byte int, in perf bench sched pipe's order up to
// perf 6.14 (commit 99476fa085da in 6.15 made both sides write first; we keep
// the strict ping-pong of the perf 6.1 that Debian ships and of the RFC).
// No allocation, logging or option branching inside; the only branch is the
// syscall result check perf also has (BUG_ON(ret != sizeof(int))).
#pragma once

namespace mmtp::pipepingpong {

enum LoopResult : int { kLoopOk = 0, kLoopBroken = 12 };

// Worker 0 ("child"): read the message from `in`, write it back to `out`.
int childLoop(int in, int out, long loops);
// Worker 1 ("parent"): write the message to `out`, read it back from `in`.
int parentLoop(int out, int in, long loops);

}  // namespace mmtp::pipepingpong
