#include "redis-zpopmin/redis_server.hpp"

#include "base/errors.hpp"
#include "common/signals.hpp"

#include <fstream>
#include <hiredis/hiredis.h>
#include <sstream>
#include <thread>

namespace mmtp::rediszpopmin {

std::vector<std::string> persistenceArgs(const std::string& name) {
    if (name == "default-persist")
        return {"--save", "3600 1 300 100 60 10000", "--appendonly", "no"};
    if (name == "memonly") return {"--save", "", "--appendonly", "no"};
    if (name == "aof") return {"--save", "", "--appendonly", "yes", "--appendfsync", "everysec"};
    throw UsageError("--persistence '" + name + "' is not one of default-persist, memonly, aof");
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
        } catch (const Error&) {
            if (attempt == 2) throw;
        }
    }
}

void RedisServer::start(const ServerOptions& o, int port) {
    logFile_ = o.logFile.empty() ? dir_.path() / "redis-server.log" : o.logFile;
    endpoint_ = Endpoint{};
    std::vector<std::string> argv{o.binary, "--daemonize", "no", "--dir", dir_.path().string(),
                                  "--logfile", std::filesystem::absolute(logFile_).string(),
                                  "--pidfile", (dir_.path() / "redis.pid").string()};
    if (o.unixSocket) {
        endpoint_.unixPath = (dir_.path() / "redis.sock").string();
        argv.insert(argv.end(), {"--port", "0", "--unixsocket", endpoint_.unixPath, "--unixsocketperm", "700"});
    } else {
        endpoint_.port = port;
        argv.insert(argv.end(), {"--port", std::to_string(port), "--bind", "127.0.0.1"});
    }
    for (auto& a : persistenceArgs(o.persistence)) argv.push_back(a);

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
            auto* r = static_cast<redisReply*>(redisCommand(c, "INFO server"));
            bool ours = false;
            if (r && r->type == REDIS_REPLY_STRING) {
                std::string info(r->str, r->len);
                ours = info.find("process_id:" + std::to_string(child_.pid()) + "\r") != std::string::npos;
                if (!ours && info.find("loading:1") == std::string::npos) {
                    freeReplyObject(r);
                    redisFree(c);
                    throw Error("another redis-server answers on " + endpoint_.describe() +
                                " (port taken); ours (pid " + std::to_string(child_.pid()) + ") did not start");
                }
            }
            if (r) freeReplyObject(r);
            if (ours) {
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
            void* r = redisCommand(ctl_, "SHUTDOWN NOSAVE");
            if (r) freeReplyObject(r);
        }
        redisFree(ctl_);
        ctl_ = nullptr;
    }
    if (child_.active()) child_.stop(std::chrono::seconds(5));
    std::error_code ec;
    std::filesystem::path out = logFile_.string() + ".stdout";
    if (!logFile_.empty() && std::filesystem::exists(out, ec) && std::filesystem::file_size(out, ec) == 0)
        std::filesystem::remove(out, ec);
}

std::string RedisServer::logTail() const {
    std::string out;
    for (const auto& p : {logFile_.string() + ".stdout", logFile_.string()}) {
        std::ifstream in(p);
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

namespace {
redisReply* commandArgv(redisContext* c, const std::vector<std::string>& argv, bool append) {
    std::vector<const char*> a;
    std::vector<size_t> l;
    for (const auto& s : argv) {
        a.push_back(s.c_str());
        l.push_back(s.size());
    }
    if (append) {
        if (redisAppendCommandArgv(c, static_cast<int>(a.size()), a.data(), l.data()) != REDIS_OK)
            throw Error(std::string("redis control connection: ") + c->errstr);
        return nullptr;
    }
    auto* r = static_cast<redisReply*>(redisCommandArgv(c, static_cast<int>(a.size()), a.data(), l.data()));
    if (!r) throw Error(std::string("redis control connection: ") + c->errstr);
    return r;
}
}  // namespace

long long RedisServer::integerCommand(const std::vector<std::string>& argv) {
    redisReply* r = commandArgv(control(), argv, false);
    long long v = r->integer;
    bool ok = r->type == REDIS_REPLY_INTEGER;
    std::string err = r->type == REDIS_REPLY_ERROR ? std::string(r->str, r->len) : "not an integer reply";
    freeReplyObject(r);
    if (!ok) throw Error("redis-server: " + argv[0] + ": " + err);
    return v;
}

void RedisServer::pipeline(const std::vector<std::vector<std::string>>& commands) {
    redisContext* c = control();
    for (const auto& cmd : commands) commandArgv(c, cmd, true);
    for (std::size_t i = 0; i < commands.size(); ++i) {
        void* rv = nullptr;
        if (redisGetReply(c, &rv) != REDIS_OK) throw Error(std::string("redis control connection: ") + c->errstr);
        auto* r = static_cast<redisReply*>(rv);
        bool err = r->type == REDIS_REPLY_ERROR;
        std::string msg = err ? std::string(r->str, r->len) : "";
        freeReplyObject(r);
        if (err) throw Error("redis-server: " + commands[i][0] + ": " + msg);
    }
}

}  // namespace mmtp::rediszpopmin
