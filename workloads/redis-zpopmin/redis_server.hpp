// redis_server.hpp - a fresh, dedicated redis-server for one run: its own
// temp dir (dump/AOF files), a free port on 127.0.0.1 or a unix socket, the
// persistence asked for, optional CPU binding, its log beside the results.
// Started by the constructor (which waits until it answers and checks that
// the server answering is our child), stopped and its temp dir removed by
// the destructor, whatever happened. The server we start requires a random
// password (requirepass, from a 0600 config file in the 0700 temp dir), so
// no other local user can pause or flush it; endpoint().password holds it.
// A stuck or SIGSTOPped server never holds up Ctrl-C (control_io.hpp).
#pragma once
#include <cstdint>
#include "common/child_process.hpp"
#include "common/temp_dir.hpp"
#include "redis-zpopmin/connection.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

struct redisContext;

namespace mmtp::rediszpopmin {

// Persistence names of MMTests' redis configs, as redis-server arguments:
//   default-persist  stock redis.conf: save 3600 1 / 300 100 / 60 10000, no AOF
//   memonly          save "", no AOF
//   aof              save "", appendonly yes, appendfsync everysec
std::vector<std::string> persistenceArgs(const std::string& name);

struct ServerOptions {
    std::string binary = "redis-server";
    std::string persistence = "default-persist";
    int port = 0;                 // 0: pick a free one
    bool unixSocket = false;
    std::vector<int> cpus;        // empty: unbound
    std::filesystem::path logFile;  // appended to
    int maxClients = 10000;         // redis' maxclients (its default)
    std::chrono::milliseconds startTimeout{10000};
    // Set: start nothing, use the server already listening there (overhead
    // comparisons against another client on the same server).
    std::optional<Endpoint> attach;
};

class RedisServer {
public:
    explicit RedisServer(const ServerOptions& opts);
    ~RedisServer();
    RedisServer(const RedisServer&) = delete;
    RedisServer& operator=(const RedisServer&) = delete;

    const Endpoint& endpoint() const { return endpoint_; }
    pid_t pid() const { return child_.pid(); }  // -1 when attached
    bool attached() const { return attached_; }
    // Throws Error ("redis-server died (killed by SIGKILL); last log lines: ...")
    // if the server is no longer running. After a failed request, pass a
    // settle time: a dying server closes its sockets before it can be reaped.
    void checkAlive(std::chrono::milliseconds settle = std::chrono::milliseconds(0));
    // A synchronous command on the control connection (untimed work: ZCARD,
    // FLUSHALL, filling a set). Returns the integer reply or throws.
    long long integerCommand(const std::vector<std::string>& argv);
    // Pipelines many commands on the control connection; throws on an error reply.
    void pipeline(const std::vector<std::vector<std::string>>& commands);
    // SHUTDOWN NOSAVE, then SIGTERM/SIGKILL if needed. Idempotent.
    void stop() noexcept;

private:
    void start(const ServerOptions& opts, int port);
    void startOnce(const ServerOptions& opts, int port);
    bool startedByUs(redisContext* c, std::chrono::milliseconds timeout);
    std::string logTail() const;
    void publishLogs() noexcept;
    redisContext* control();

    TempDir dir_;
    ChildProcess child_;
    Endpoint endpoint_;
    std::filesystem::path logFile_;       // the server's own, in dir_
    std::filesystem::path publishedLog_;  // ServerOptions::logFile
    // Where this start began in the (appended-to) logs, so an error shows
    // only this server's lines, never an earlier run's.
    std::uintmax_t logStart_ = 0, stdoutStart_ = 0;
    redisContext* ctl_ = nullptr;
    bool attached_ = false;
};

}  // namespace mmtp::rediszpopmin
