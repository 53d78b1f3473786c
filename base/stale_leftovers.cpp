#include "base/stale_leftovers.hpp"

#include <cerrno>
#include <charconv>
#include <csignal>
#include <dirent.h>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace mmtp {

namespace {

// The pid in NAME = PREFIX<pid>[.-]..., or 0 when NAME is not of that shape.
pid_t leftoverPid(std::string_view name, std::string_view prefix) {
    if (!name.starts_with(prefix)) return 0;
    std::string_view rest = name.substr(prefix.size());
    pid_t pid = 0;
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
    if (ec != std::errc() || end == rest.data() || pid <= 0) return 0;
    if (end != rest.data() + rest.size() && *end != '.' && *end != '-') return 0;
    return pid;
}

}  // namespace

bool processGone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

namespace {

// Removes `name` in the directory `parentFd` and, for a directory of ours,
// all it holds, by fds: a symlink is unlinked, never followed; a directory
// not owned by `uid` (another user's, moved in meanwhile) is left, with
// its parents; past kMaxRemoveDepth nothing is removed. True when `name` is gone.
bool removeTreeAt(int parentFd, const char* name, uid_t uid, int depth) {
    struct stat st;
    if (::fstatat(parentFd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) return errno == ENOENT;
    if (!S_ISDIR(st.st_mode)) return ::unlinkat(parentFd, name, 0) == 0;
    if (st.st_uid != uid || depth >= kMaxRemoveDepth) return false;
    const int fd = ::openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat opened;
    DIR* dir = nullptr;
    // The directory we opened must be the one we looked at (not swapped in between).
    if (::fstat(fd, &opened) != 0 || opened.st_dev != st.st_dev || opened.st_ino != st.st_ino || opened.st_uid != uid ||
        !(dir = ::fdopendir(fd))) {
        ::close(fd);
        return false;
    }
    bool all = true;
    while (const dirent* e = ::readdir(dir)) {
        const std::string_view n = e->d_name;
        if (n == "." || n == "..") continue;
        all = removeTreeAt(::dirfd(dir), e->d_name, uid, depth + 1) && all;
    }
    ::closedir(dir);
    return all && ::unlinkat(parentFd, name, AT_REMOVEDIR) == 0;
}

}  // namespace

std::size_t removeStaleLeftovers(const std::filesystem::path& dir, std::string_view prefix) noexcept {
    std::size_t removed = 0;
    const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0) return 0;  // a directory we cannot list has nothing of ours to clean
    DIR* d = ::fdopendir(dirFd);
    if (!d) {
        ::close(dirFd);
        return 0;
    }
    const uid_t uid = ::geteuid();
    while (const dirent* e = ::readdir(d)) {
        const pid_t pid = leftoverPid(e->d_name, prefix);
        if (pid == 0 || pid == ::getpid()) continue;
        struct stat st;
        if (::fstatat(dirFd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || st.st_uid != uid) continue;
        if (!processGone(pid)) continue;
        if (removeTreeAt(dirFd, e->d_name, uid, 0)) ++removed;
    }
    ::closedir(d);
    return removed;
}

}  // namespace mmtp
