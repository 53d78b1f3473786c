// stop_flag.hpp - SIGINT/SIGTERM set a flag; the job loops and the layout
// poll it, unwind, and main exits 130 after the destructors cleaned up.
#pragma once

namespace mmtp::fiolike {

void installStopHandlers();
bool stopRequested();
void requestStop();  // used when one job fails, so the others stop too
bool interruptedBySignal();

}  // namespace mmtp::fiolike
