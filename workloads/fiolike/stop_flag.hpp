// stop_flag.hpp - when the job loops and the layout stop early: on SIGINT or
// SIGTERM (common/signals.hpp, main() holds the InterruptGuard) or when
// another job failed. They unwind, and main exits 130 (or 1) after the
// destructors cleaned up.
#pragma once

namespace mmtp::fiolike {

bool stopRequested();
void requestStop();  // used when one job fails, so the others stop too

}  // namespace mmtp::fiolike
