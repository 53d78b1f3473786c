#include "redis-zpopmin/connection.hpp"

#include "base/errors.hpp"
#include "common/signals.hpp"
#include "redis-zpopmin/control_io.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

namespace mmtp::rediszpopmin {

std::string Endpoint::describe() const {
    return unixPath.empty() ? host + ":" + std::to_string(port) : "unix:" + unixPath;
}

namespace {
sockaddr_in inetAddr(const std::string& host, int port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    if (::inet_pton(AF_INET, host.c_str(), &a.sin_addr) != 1)
        throw UsageError("'" + host + "' is not an IPv4 address");
    return a;
}
}  // namespace

Connection::Connection(const Endpoint& ep) {
    int rc;
    if (!ep.unixPath.empty()) {
        fd_ = UniqueFd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
        if (!fd_) throw Error(errnoMessage("socket"));
        sockaddr_un a{};
        a.sun_family = AF_UNIX;
        if (ep.unixPath.size() >= sizeof a.sun_path) throw Error("unix socket path too long: " + ep.unixPath);
        std::strcpy(a.sun_path, ep.unixPath.c_str());
        rc = ::connect(fd_.get(), reinterpret_cast<sockaddr*>(&a), sizeof a);
    } else {
        fd_ = UniqueFd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
        if (!fd_) throw Error(errnoMessage("socket"));
        sockaddr_in a = inetAddr(ep.host, ep.port);
        rc = ::connect(fd_.get(), reinterpret_cast<sockaddr*>(&a), sizeof a);
        int one = 1;
        ::setsockopt(fd_.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    if (rc != 0) {
        int e = errno;
        fd_.reset();
        errno = e;
        throw Error(errnoMessage("cannot connect to redis-server at " + ep.describe()));
    }
    timeval tv{0, static_cast<suseconds_t>(kInterruptPoll.count() * 1000)};
    ::setsockopt(fd_.get(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd_.get(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (!ep.password.empty()) authenticate(ep);
}

void Connection::authenticate(const Endpoint& ep) {
    const std::string auth = "*2\r\n$4\r\nAUTH\r\n$" + std::to_string(ep.password.size()) + "\r\n" +
                             ep.password + "\r\n";
    writeToServer(fd_.get(), auth.data(), auth.size(), "AUTH");
    std::string reply;
    char c = 0;
    while (reply.size() < 512 && (reply.empty() || reply.back() != '\n')) {
        const ssize_t n = ::read(fd_.get(), &c, 1);
        if (n == 1) reply += c;
        else if (n < 0 && (errno == EINTR || errno == EAGAIN)) throwIfInterrupted();
        else throw Error("redis-server at " + ep.describe() + " closed the connection during AUTH");
    }
    if (reply.rfind("+OK", 0) != 0)
        throw Error("redis-server at " + ep.describe() + " refused AUTH: " + reply.substr(0, reply.find('\r')));
}

void writeToServer(int fd, const char* buf, std::size_t len, const char* context) {
    while (len > 0) {
        const ssize_t k = ::write(fd, buf, len);
        if (k > 0) {
            buf += k;
            len -= static_cast<std::size_t>(k);
        } else if (k < 0 && (errno == EINTR || errno == EAGAIN)) {
            throwIfInterrupted();  // EAGAIN: the send timeout, the server is not reading
        } else {
            throw Error(errnoMessage(std::string("writing to redis-server during ") + context));
        }
    }
}

bool portInUse(const std::string& host, int port) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return false;
    int one = 1;  // TIME_WAIT leftovers do not stop redis-server (it sets SO_REUSEADDR)
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a = inetAddr(host, port);
    bool used = ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 && errno == EADDRINUSE;
    ::close(fd);
    return used;
}

int pickFreePort(const std::string& host) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw Error(errnoMessage("socket"));
    sockaddr_in a = inetAddr(host, 0);
    socklen_t len = sizeof a;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        int e = errno;
        ::close(fd);
        errno = e;
        throw Error(errnoMessage("cannot find a free port on " + host));
    }
    ::close(fd);
    return ntohs(a.sin_port);
}

}  // namespace mmtp::rediszpopmin
