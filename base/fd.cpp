#include "base/fd.hpp"

#include "base/errors.hpp"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace mmtp {

UniqueFd& UniqueFd::operator=(UniqueFd&& other) noexcept {
    if (this != &other) {
        reset();
        fd_ = other.release();
    }
    return *this;
}

void UniqueFd::reset() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

int UniqueFd::release() noexcept { return std::exchange(fd_, -1); }

Pipe::Pipe() {
    int p[2];
    if (::pipe2(p, O_CLOEXEC) != 0) throw Error(errnoMessage("pipe2"));
    read = UniqueFd(p[0]);
    write = UniqueFd(p[1]);
}

UniqueFd openAppendNoFollow(const std::filesystem::path& path, bool mustBeNew) {
    // O_NONBLOCK: opening a FIFO planted there must not hang; it is refused below.
    const int flags = O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (mustBeNew ? O_EXCL : 0);
    UniqueFd fd(::open(path.c_str(), flags, 0644));
    if (!fd) {
        if (errno == ELOOP) throw Error("refusing to write through the symlink " + path.string());
        if (errno == ENXIO) throw Error("refusing to write " + path.string() + ": not a regular file (a FIFO)");
        throw Error(errnoMessage("cannot create " + path.string()));
    }
    struct stat st;
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
        throw Error("refusing to write " + path.string() + ": not a regular file");
    ::fcntl(fd.get(), F_SETFL, O_APPEND);  // blocking writes again
    return fd;
}

void appendTo(const UniqueFd& fd, std::string_view text, const std::filesystem::path& path) {
    if (!writeAll(fd.get(), text.data(), text.size())) throw Error(errnoMessage("cannot write " + path.string()));
}

bool writeAll(int fd, const void* buf, std::size_t n, bool (*stopOnEintr)()) {
    const char* p = static_cast<const char*>(buf);
    while (n > 0) {
        ssize_t k = ::write(fd, p, n);
        if (k < 0 && errno == EINTR) {
            if (stopOnEintr && stopOnEintr()) return false;
            continue;
        }
        if (k < 0) return false;
        if (k == 0) {  // cannot happen for n > 0 on a pipe, socket or file; do not spin
            errno = EIO;
            return false;
        }
        p += k;
        n -= static_cast<std::size_t>(k);
    }
    return true;
}

bool readUpTo(int fd, std::size_t limit, std::string& out) {
    constexpr std::size_t kChunk = 64 * 1024;
    out.clear();
    while (out.size() <= limit) {
        const std::size_t got = out.size();
        out.resize(got + std::min(kChunk, limit + 1 - got));
        const ssize_t r = ::read(fd, out.data() + got, out.size() - got);
        out.resize(got + (r > 0 ? std::size_t(r) : 0));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return false;
        if (r == 0) break;
    }
    return true;
}

}  // namespace mmtp
