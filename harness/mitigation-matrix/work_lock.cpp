// work_lock.cpp - DIR/matrix/lock (work_lock.hpp).
#include "mitigation-matrix/work_lock.hpp"

#include "base/errors.hpp"
#include "base/terminal_text.hpp"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

constexpr std::size_t kMaxHolderBytes = 64;  // "pid N\n" is what a holder writes

std::string processName(const std::string& pid) {
    std::ifstream in("/proc/" + pid + "/comm");
    std::string comm;
    std::getline(in, comm);
    // Gone: it took the lock and passed its open file on (a child, a unit).
    return comm.empty() ? "pid " + pid + " (exited; a process it passed the lock to)"
                        : "pid " + pid + " (" + escapeControls(comm) + ")";
}

// /proc/locks: "1: FLOCK  ADVISORY  WRITE PID MAJ:MIN:INODE 0 EOF" (major
// and minor in hex); "1: -> FLOCK ..." is a waiter, not the holder.
std::string holderFromProcLocks(const struct stat& st) {
    char dev[64];
    std::snprintf(dev, sizeof dev, "%02x:%02x:%llu", major(st.st_dev), minor(st.st_dev),
                  static_cast<unsigned long long>(st.st_ino));
    std::ifstream in("/proc/locks");
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string id, kind, advisory, mode, pid, where;
        if (!(words >> id >> kind >> advisory >> mode >> pid >> where) || kind != "FLOCK") continue;
        if (where == dev) return processName(pid);
    }
    return "";
}

}  // namespace

std::string lockHolder(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) == 0)
        if (std::string who = holderFromProcLocks(st); !who.empty()) return who;
    std::string text(kMaxHolderBytes, '\0');
    const ssize_t n = ::pread(fd, text.data(), text.size(), 0);
    text.resize(n > 0 ? std::size_t(n) : 0);
    text = text.substr(0, text.find('\n'));
    return text.empty() ? "another process" : escapeControls(text) + " (as it wrote)";
}

WorkDirLock::WorkDirLock(const fs::path& workDir) {
    const fs::path dir = workDir / "matrix";
    const fs::path file = dir / "lock";
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw Error("cannot create " + dir.string() + ": " + ec.message());
    fd_ = UniqueFd(::open(file.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644));
    if (!fd_) throw Error(errnoMessage("cannot open the work dir's lock " + file.string()));
    struct stat st {};
    if (::fstat(fd_.get(), &st) != 0 || !S_ISREG(st.st_mode))
        throw Error(file.string() + " is not a regular file; refusing to use work dir " + workDir.string());
    if (::flock(fd_.get(), LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK) throw Error(errnoMessage("cannot lock " + file.string()));
        throw Error("work dir " + workDir.string() + " is in use: " + lockHolder(fd_.get()) + " holds " +
                    file.string() + " (one run per work dir; wait for it, or use another --work-dir)");
    }
    const std::string mine = "pid " + std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd_.get(), 0) != 0 || ::pwrite(fd_.get(), mine.data(), mine.size(), 0) < 0)
        throw Error(errnoMessage("cannot write " + file.string()));
}

}  // namespace mmtp::matrix
