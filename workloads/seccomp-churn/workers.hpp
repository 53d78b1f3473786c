// workers.hpp - the experiment's process tree: N worker processes, each
// looping fork -> child runs the recipe -> waitpid -> one bogo-op, like
// stress-ng's seccomp instances. Every child and worker is reaped on success,
// error and interrupt.
#pragma once
#include "seccomp-churn/recipe.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace mmtp::seccompchurn {

struct RunOptions {
    unsigned workers = 1;
    unsigned runtimeSec = 60;      // stop after this long...
    std::uint64_t totalOps = 0;    // ...or after this many ops over all workers (0: no limit)
};

struct RunResult {
    std::uint64_t ops = 0;
    double realTime = 0;           // mean per-worker wall time, s (stress-ng's r_total)
    double usrTime = 0, sysTime = 0; // workers + children, s
    double wallTime = 0;           // whole run incl. process start-up, s
    std::uint64_t filtersAttached = 0;
    std::uint64_t attachCalls = 0;
    std::uint64_t samplesDropped = 0;
    std::vector<double> attachUsecs;  // one per successful timed attach
    std::string childIbSpeculation;   // --verify: SpeculationIndirectBranch seen by a child
};

// Runs one measurement. Throws Error (kExitFailure) when a worker or child
// fails, Error(kExitInterrupted) when SIGINT/SIGTERM arrived (InterruptGuard).
RunResult runWorkers(const Recipe& recipe, const RunOptions& opt);

// For a process that made itself a child subreaper: SIGKILLs and reaps any
// child still listed in /proc/self/task/*/children (orphans of a worker that
// died). Returns how many it reaped.
int reapOrphans();

}  // namespace mmtp::seccompchurn
