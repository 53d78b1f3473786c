#include "base/fd.hpp"

#include "base/errors.hpp"

#include <cerrno>
#include <fcntl.h>
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

}  // namespace mmtp
