// work_lock.hpp - one mitigation-matrix run per work dir. Two runs on one
// DIR (a second terminal, the kexec resume unit beside a hand-started step)
// would boot the same pending boots, rewrite the state whole and share
// DIR/matrix/staging, so a run holds an exclusive flock on DIR/matrix/lock
// (opened O_NOFOLLOW) from start to exit; the kernel drops it when the
// process dies, however it dies.
#pragma once
#include "base/fd.hpp"

#include <filesystem>
#include <string>

namespace mmtp::matrix {

class WorkDirLock {
public:
    // Takes the lock, or throws Error with one line naming the work dir, the
    // lock file and its holder (pid and program, from /proc/locks).
    explicit WorkDirLock(const std::filesystem::path& workDir);

private:
    UniqueFd fd_;
};

// Who holds a flock on the open file fd: "pid N (COMM)", from /proc/locks,
// else what the holder wrote into the file; "another process" when neither says.
std::string lockHolder(int fd);

}  // namespace mmtp::matrix
