#include "redis-zpopmin/redis_server.hpp"

#include "base/errors.hpp"
#include "base/fd.hpp"
#include "base/text_format.hpp"
#include "common/signals.hpp"
#include "redis-zpopmin/control_io.hpp"
#include "redis-zpopmin/resource_budget.hpp"

#include <cerrno>
#include <fcntl.h>
#include <fstream>
#include <hiredis/hiredis.h>
#include <iostream>
#include <sstream>
#include <sys/random.h>
#include <thread>
#include <unistd.h>

namespace mmtp::rediszpopmin {

std::vector<std::string> persistenceArgs(const std::string& name) {
    if (name == "default-persist")
        return {"--save", "3600 1 300 100 60 10000", "--appendonly", "no"};
    if (name == "memonly") return {"--save", "", "--appendonly", "no"};
    if (name == "aof") return {"--save", "", "--appendonly", "yes", "--appendfsync", "everysec"};
    throw UsageError("--persistence '" + name + "' is not one of default-persist, memonly, aof");
}

namespace {

// 32 random bytes from the kernel, as hex (a requirepass needs no quoting).
std::string randomPassword() {
    unsigned char bytes[32];
    for (std::size_t got = 0; got < sizeof bytes;) {
        const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw Error(errnoMessage("getrandom for the redis-server password"));
        got += static_cast<std::size_t>(n);
    }
    std::string hex;
    for (unsigned char b : bytes) hex += formatText("%02x", b);
    return hex;
}

void writePrivateFile(const std::filesystem::path& path, const std::string& text) {
    UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!fd || !writeAll(fd.get(), text) || ::close(fd.release()) != 0)
        throw Error(errnoMessage("cannot write " + path.string()));
}

}  // namespace

// During startup: AUTH, then INFO says whether the server answering is our
// child. Throws if another server answers there; false to try again.
bool RedisServer::startedByUs(redisContext* c, std::chrono::milliseconds timeout) {
    const ReplyWait wait{std::chrono::steady_clock::now() + timeout, true};
    redisReply* auth = nullptr;
    redisReply* r = nullptr;
    try {
        auth = command(c, {"AUTH", endpoint_.password}, wait);
        r = command(c, {"INFO", "server"}, wait);
    } catch (const Interrupted&) {
        throw;
    } catch (const Error&) {  // not up yet, or dying: the caller's poll() says which
        if (auth) freeReplyObject(auth);
        return false;
    }
    const bool authOk = auth->type == REDIS_REPLY_STATUS;
    freeReplyObject(auth);
    bool ours = false, loading = false;
    if (r->type == REDIS_REPLY_STRING) {
        std::string info(r->str, r->len);
        ours = info.find("process_id:" + std::to_string(child_.pid()) + "\r") != std::string::npos;
        loading = info.find("loading:1") != std::string::npos;
    }
    freeReplyObject(r);
    if (!ours && !loading)
        throw Error("another redis-server answers on " + endpoint_.describe() + " (port taken" +
                    (authOk ? "" : ", and it refused our password") + "); ours (pid " +
                    std::to_string(child_.pid()) + ") did not start");
    return ours;
}

RedisServer::RedisServer(const ServerOptions& o) : dir_("redis-zpopmin") {
    persistenceArgs(o.persistence);  // validate early
    if (o.attach) {
        attached_ = true;
        endpoint_ = *o.attach;
        timeval tv{2, 0};
        ctl_ = endpoint_.unixPath.empty() ? redisConnectWithTimeout(endpoint_.host.c_str(), endpoint_.port, tv)
                                          : redisConnectUnixWithTimeout(endpoint_.unixPath.c_str(), tv);
        if (!ctl_ || ctl_->err) {
            std::string why = ctl_ ? ctl_->errstr : "out of memory";
            if (ctl_) redisFree(ctl_);
            ctl_ = nullptr;
            throw Error("cannot connect to the redis-server at " + endpoint_.describe() + ": " + why);
        }
        makeInterruptible(ctl_);
        if (!endpoint_.password.empty()) {
            redisReply* r = command(ctl_, {"AUTH", endpoint_.password});
            const bool ok = r->type == REDIS_REPLY_STATUS;
            const std::string why = r->type == REDIS_REPLY_ERROR ? std::string(r->str, r->len) : "";
            freeReplyObject(r);
            if (!ok) {
                stop();
                throw Error("the redis-server at " + endpoint_.describe() + " refused AUTH: " + why);
            }
        }
        // A server that wants a password would answer every test with errors.
        redisReply* r = command(ctl_, {"PING"});
        const std::string why = r->type == REDIS_REPLY_ERROR ? std::string(r->str, r->len) : "";
        freeReplyObject(r);
        if (!why.empty()) {
            stop();
            throw Error("the redis-server at " + endpoint_.describe() + " answers PING with '" + why + "'" +
                        (why.rfind("NOAUTH", 0) == 0 ? "; give its password with --attach-password-file" : ""));
        }
        return;
    }
    if (o.unixSocket) {
        start(o, 0);
        return;
    }
    if (o.port != 0) {
        if (portInUse("127.0.0.1", o.port))
            throw Error("port " + std::to_string(o.port) + " on 127.0.0.1 is already in use; "
                        "choose another --port or 0 for a free one");
        start(o, o.port);
        return;
    }
    // A free port can be taken between our check and redis-server's bind:
    // try a few.
    for (int attempt = 0;; ++attempt) {
        try {
            start(o, pickFreePort("127.0.0.1"));
            return;
        } catch (const Interrupted&) {
            throw;
        } catch (const Error& e) {
            // Only a lost race for the port is worth another try; a server
            // that cannot start (bad binary, config, persistence dir) fails
            // the same way every time.
            const bool portTaken = std::string(e.what()).find("Address already in use") != std::string::npos;
            if (attempt == 2 || !portTaken) throw;
        }
    }
}

void RedisServer::start(const ServerOptions& o, int port) {
    try {
        startOnce(o, port);
    } catch (...) {
        // The constructor may throw now, when no destructor runs: keep the log.
        if (child_.active()) child_.stop(std::chrono::milliseconds(500));
        publishLogs();
        throw;
    }
}

void RedisServer::startOnce(const ServerOptions& o, int port) {
    // redis-server opens its own logfile (following links, as whoever runs
    // it): it writes into our 0700 temp dir, and stop() appends that to
    // o.logFile from here, through no link (publishLogs).
    logFile_ = dir_.path() / "redis-server.log";
    publishedLog_ = o.logFile;
    endpoint_ = Endpoint{};
    // Any local user could otherwise CLIENT PAUSE or flush the server under
    // us: every connection must AUTH with a password that only a 0600 file
    // in our 0700 temp dir holds (never argv, which ps shows).
    endpoint_.password = randomPassword();
    const auto conf = dir_.path() / "redis.conf";
    std::filesystem::remove(conf);  // a retry on another port writes a new one
    writePrivateFile(conf, "requirepass " + endpoint_.password + "\n");
    std::vector<std::string> argv{o.binary, conf.string(), "--daemonize", "no", "--dir", dir_.path().string(),
                                  "--logfile", std::filesystem::absolute(logFile_).string(),
                                  "--pidfile", (dir_.path() / "redis.pid").string(),
                                  // What our option table allows, no more (resource_budget.hpp).
                                  "--maxclients", std::to_string(o.maxClients),
                                  "--proto-max-bulk-len", std::to_string(kMaxDatasize)};
    if (o.unixSocket) {
        endpoint_.unixPath = (dir_.path() / "redis.sock").string();
        argv.insert(argv.end(), {"--port", "0", "--unixsocket", endpoint_.unixPath, "--unixsocketperm", "700"});
    } else {
        endpoint_.port = port;
        argv.insert(argv.end(), {"--port", std::to_string(port), "--bind", "127.0.0.1"});
    }
    for (auto& a : persistenceArgs(o.persistence)) argv.push_back(a);

    std::error_code ec;
    logStart_ = std::filesystem::exists(logFile_, ec) ? std::filesystem::file_size(logFile_, ec) : 0;
    const std::filesystem::path stdoutLog = logFile_.string() + ".stdout";
    stdoutStart_ = std::filesystem::exists(stdoutLog, ec) ? std::filesystem::file_size(stdoutLog, ec) : 0;

    SpawnOptions so;
    so.argv = argv;
    so.stdinPath = "/dev/null";
    so.stdoutPath = logFile_.string() + ".stdout";
    so.stderrToStdout = true;
    so.appendOutput = true;
    so.cpus = o.cpus;
    try {
        child_ = ChildProcess::spawn(so);
    } catch (const Error& e) {
        throw Error(std::string(e.what()) + " (is redis-server installed? apt-get install redis-server, "
                    "or pass --redis-server PATH)");
    }

    // Wait until it answers, or dies, or we time out.
    auto deadline = std::chrono::steady_clock::now() + o.startTimeout;
    for (;;) {
        throwIfInterrupted();
        if (auto st = child_.poll())
            throw Error("redis-server " + st->describe() + " during startup on " + endpoint_.describe() +
                        "; last log lines:\n" + logTail());
        timeval tv{1, 0};
        redisContext* c = o.unixSocket ? redisConnectUnixWithTimeout(endpoint_.unixPath.c_str(), tv)
                                       : redisConnectWithTimeout("127.0.0.1", port, tv);
        if (c && !c->err) {
            makeInterruptible(c);
            if (startedByUs(c, o.startTimeout)) {
                ctl_ = c;
                return;
            }
        }
        if (c) redisFree(c);
        if (std::chrono::steady_clock::now() > deadline)
            throw Error("redis-server did not answer on " + endpoint_.describe() + " within " +
                        std::to_string(o.startTimeout.count()) + " ms; last log lines:\n" + logTail());
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

RedisServer::~RedisServer() { stop(); }

void RedisServer::stop() noexcept {
    if (ctl_) {
        if (!attached_ && child_.active()) {
            // No wait for an answer: a stopped or stuck server gives none, and
            // this runs after Ctrl-C too. A server that is well exits at once.
            try {
                appendCommand(ctl_, {"SHUTDOWN", "NOSAVE"});
                int done = 0;
                redisBufferWrite(ctl_, &done);
            } catch (const Error&) {
            }
            child_.waitFor(interruptRequested() ? std::chrono::milliseconds(300) : std::chrono::seconds(2));
        }
        redisFree(ctl_);
        ctl_ = nullptr;
    }
    if (child_.active()) child_.stop(std::chrono::seconds(5));
    publishLogs();
}

namespace {

std::string readPrivateFile(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

// The server's log (and its stdout, when it wrote any) are appended to the
// log dir's redis-server.log{,.stdout} through an fd opened O_NOFOLLOW, once
// the server is gone; then the private copies are emptied so that a second
// stop() or a retried start() appends nothing twice.
void RedisServer::publishLogs() noexcept {
    if (publishedLog_.empty() || logFile_.empty()) return;
    for (const auto& [from, to] : {std::pair{logFile_, publishedLog_},
                                   std::pair{std::filesystem::path(logFile_.string() + ".stdout"),
                                             std::filesystem::path(publishedLog_.string() + ".stdout")}}) {
        const std::string text = readPrivateFile(from);
        if (text.empty()) continue;
        try {
            appendTo(openAppendNoFollow(to, false), text, to);
        } catch (const std::exception& e) {
            std::cerr << "redis-zpopmin: warning: the server's log is lost: " << e.what() << std::endl;
        }
        std::ofstream(from, std::ios::trunc);  // said once, appended once
    }
    logStart_ = stdoutStart_ = 0;
}

std::string RedisServer::logTail() const {
    std::string out;
    for (const auto& [p, start] : {std::pair{logFile_.string() + ".stdout", stdoutStart_}, std::pair{logFile_.string(), logStart_}}) {
        std::ifstream in(p);
        in.seekg(static_cast<std::streamoff>(start));  // this start's lines only
        std::vector<std::string> lines;
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        std::size_t from = lines.size() > 5 ? lines.size() - 5 : 0;
        for (std::size_t i = from; i < lines.size(); ++i) out += "  " + lines[i] + "\n";
    }
    return out.empty() ? "  (no log)\n" : out;
}

void RedisServer::checkAlive(std::chrono::milliseconds settle) {
    if (attached_) return;
    if (auto st = settle.count() ? child_.waitFor(settle) : child_.poll())
        throw Error("redis-server (pid " + std::to_string(child_.pid()) + ") " + st->describe() +
                    "; last log lines:\n" + logTail());
}

redisContext* RedisServer::control() {
    checkAlive();
    if (!ctl_) throw Error("redis-server control connection is closed");
    return ctl_;
}

long long RedisServer::integerCommand(const std::vector<std::string>& argv) {
    redisReply* r = command(control(), argv);
    long long v = r->integer;
    bool ok = r->type == REDIS_REPLY_INTEGER;
    std::string err = r->type == REDIS_REPLY_ERROR ? std::string(r->str, r->len) : "not an integer reply";
    freeReplyObject(r);
    if (!ok) throw Error("redis-server: " + argv[0] + ": " + err);
    return v;
}

void RedisServer::pipeline(const std::vector<std::vector<std::string>>& commands) {
    redisContext* c = control();
    for (const auto& cmd : commands) appendCommand(c, cmd);
    for (std::size_t i = 0; i < commands.size(); ++i) {
        auto* r = awaitReply(c);
        bool err = r->type == REDIS_REPLY_ERROR;
        std::string msg = err ? std::string(r->str, r->len) : "";
        freeReplyObject(r);
        if (err) throw Error("redis-server: " + commands[i][0] + ": " + msg);
    }
}

}  // namespace mmtp::rediszpopmin
