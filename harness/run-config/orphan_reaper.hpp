// orphan_reaper.hpp - what the config or a benchmark started outside the
// process groups run-config tracks ((setsid sleep 778 &) in a config) must
// not outlive the run either. run-config is made a child subreaper
// (PR_SET_CHILD_SUBREAPER): any descendant whose parent exits is re-parented
// to it, whatever session or group it moved to. At the end of the run, after
// the GroupGuardian killed the groups it knows, every child still there is
// such an escapee: it is SIGKILLed and reaped, and its own children, which
// come to us next, in the following round.
//
// Not caught: what a descendant hands to another service (systemd-run, at,
// an ssh to localhost), and, after run-config itself is SIGKILLed, the
// escapees already re-parented to it (they go to init; the guardian kills
// only the groups it knows).
#pragma once
#include <cstddef>

namespace mmtp::runconfig {

// Rounds of kill-and-reap at the end: each round takes one more generation
// of a tree whose parents were killed in the round before.
inline constexpr int kMaxReapRounds = 50;

class OrphanReaper {
public:
    OrphanReaper();   // becomes a subreaper; one per program, in main(), before anything is started
    ~OrphanReaper();  // sweep(), and says on stderr how many it killed
    OrphanReaper(const OrphanReaper&) = delete;
    OrphanReaper& operator=(const OrphanReaper&) = delete;
    // Kills and reaps every child of ours until none is left (at most
    // kMaxReapRounds rounds). Returns how many it killed. Call it only when
    // run-config itself has no child it still wants.
    std::size_t sweep() noexcept;
};

}  // namespace mmtp::runconfig
