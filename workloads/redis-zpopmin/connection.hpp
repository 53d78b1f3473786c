// connection.hpp - where the server listens, and one blocking client socket
// to it (TCP_NODELAY, like hiredis). The fd closes on destruction.
#pragma once
#include <string>

namespace mmtp::rzp {

struct Endpoint {
    std::string host = "127.0.0.1";
    int port = 0;
    std::string unixPath;  // non-empty: a unix socket instead of TCP
    std::string describe() const;
};

class Connection {
public:
    explicit Connection(const Endpoint& ep);  // throws Error naming the endpoint
    ~Connection();
    Connection(Connection&& o) noexcept;
    Connection& operator=(Connection&&) = delete;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    int fd() const { return fd_; }

private:
    int fd_ = -1;
};

// Writes all of buf; throws Error (what names `context`) on failure.
// EINTR from a signal: throws Interrupted if SIGINT/SIGTERM is pending.
void writeAll(int fd, const char* buf, std::size_t len, const char* context);

// True if something accepts connections on host:port now.
bool portInUse(const std::string& host, int port);
// A TCP port on host that is free now (bind to port 0 and read it back).
int pickFreePort(const std::string& host);

}  // namespace mmtp::rzp
