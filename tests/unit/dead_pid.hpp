// dead_pid.hpp - a pid that belonged to a process of ours that has exited and
// been reaped, for tests of what a killed run leaves behind.
#pragma once
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

inline pid_t deadPid() {
    pid_t pid = ::fork();
    if (pid == 0) ::_exit(0);
    ::waitpid(pid, nullptr, 0);
    return pid;
}
