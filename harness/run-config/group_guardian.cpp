#include "run-config/group_guardian.hpp"

#include "base/errors.hpp"
#include "common/signals.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <set>
#include <string>
#include <unistd.h>

namespace mmtp::runconfig {

namespace {

int gGuardFd = -1;  // the write end; only this process holds it (O_CLOEXEC)

void tell(char op, pid_t pgid) {
    if (gGuardFd < 0 || pgid <= 0) return;
    char line[32];
    int n = std::snprintf(line, sizeof line, "%c%d\n", op, static_cast<int>(pgid));
    [[maybe_unused]] auto w = ::write(gGuardFd, line, static_cast<std::size_t>(n));
}

// The guardian: records "+PGID"/"-PGID" lines; at EOF kills what is left.
int guard(int fd) {
    std::set<pid_t> groups;
    std::string pending;
    char buf[256];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        pending.append(buf, static_cast<std::size_t>(n));
        for (std::size_t nl; (nl = pending.find('\n')) != std::string::npos; pending.erase(0, nl + 1)) {
            pid_t g = static_cast<pid_t>(std::atoi(pending.c_str() + 1));
            if (pending[0] == '+') groups.insert(g);
            else groups.erase(g);
        }
    }
    for (pid_t g : groups) ::kill(-g, SIGKILL);
    return 0;
}

}  // namespace

GroupGuardian::GroupGuardian() {
    int p[2];
    if (::pipe2(p, O_CLOEXEC) != 0) throw Error(errnoMessage("pipe"));
    // Not dieWithParent: it has to outlive run-config by the moment it takes
    // to kill the groups. Its own group keeps a terminal's Ctrl-C away from it.
    guardian_ = ChildProcess::fork([&] {
        ::close(p[1]);
        setInterruptDisposition(SIG_IGN);
        return guard(p[0]);
    }, ForkOptions{.ownProcessGroup = true, .dieWithParent = false});
    ::close(p[0]);
    gGuardFd = p[1];
}

GroupGuardian::~GroupGuardian() {
    ::close(gGuardFd);
    gGuardFd = -1;
    guardian_.waitFor(std::chrono::seconds(5));
}

void guardGroup(pid_t pgid) { tell('+', pgid); }
void releaseGroup(pid_t pgid) { tell('-', pgid); }

}  // namespace mmtp::runconfig
