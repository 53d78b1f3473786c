// group_guardian.hpp - makes sure nothing run-config starts outlives it, even
// after a SIGKILL. PDEATHSIG covers the processes run-config forks itself,
// not what they fork in turn (a workload's own tasks, say), so a small
// guardian process holds the list of the process groups run-config started:
// when run-config dies, its end of the pipe closes and the guardian SIGKILLs
// every group still listed. On a normal exit only the config's own group
// (what it left running in the background, config_env.hpp) is left.
#pragma once
#include "common/child_process.hpp"

#include <sys/types.h>

namespace mmtp::runconfig {

class GroupGuardian {
public:
    GroupGuardian();   // forks the guardian; one per program, in main()
    ~GroupGuardian();  // closes the pipe: the guardian exits, killing nothing listed
    GroupGuardian(const GroupGuardian&) = delete;
    GroupGuardian& operator=(const GroupGuardian&) = delete;
private:
    ChildProcess guardian_;
};

// Adds or removes a process group (no-op without a GroupGuardian).
void guardGroup(pid_t pgid);
void releaseGroup(pid_t pgid);

}  // namespace mmtp::runconfig
