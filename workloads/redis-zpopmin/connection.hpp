// connection.hpp - where the server listens, and one blocking client socket
// to it (TCP_NODELAY, like hiredis), authenticated when the endpoint has a
// password (untimed, before any test, as redis-benchmark -a). Reads and
// writes wake every kInterruptPoll (SO_RCVTIMEO/SO_SNDTIMEO) so that a
// stopped server cannot make them ignore SIGINT/SIGTERM. The fd closes on
// destruction.
#pragma once
#include "base/fd.hpp"

#include <string>

namespace mmtp::rediszpopmin {

struct Endpoint {
    std::string host = "127.0.0.1";
    int port = 0;
    std::string unixPath;  // non-empty: a unix socket instead of TCP
    std::string password;  // non-empty: AUTH with it on every connection (never printed)
    std::string describe() const;
};

class Connection {
public:
    explicit Connection(const Endpoint& ep);  // throws Error naming the endpoint
    int fd() const { return fd_.get(); }

private:
    void authenticate(const Endpoint& ep);
    UniqueFd fd_;
};

// Writes all of buf; throws Error (what names `context`) on failure, and
// Interrupted when SIGINT/SIGTERM arrives while the server does not read.
void writeToServer(int fd, const char* buf, std::size_t len, const char* context);

// True if something accepts connections on host:port now.
bool portInUse(const std::string& host, int port);
// A TCP port on host that is free now (bind to port 0 and read it back).
int pickFreePort(const std::string& host);

}  // namespace mmtp::rediszpopmin
