#include "redis-zpopmin/control_io.hpp"

#include "base/errors.hpp"
#include "common/signals.hpp"

#include <hiredis/hiredis.h>
#include <sys/socket.h>
#include <sys/time.h>

namespace mmtp::rediszpopmin {

namespace {
bool pastDeadline(const ReplyWait& w) { return w.deadline && std::chrono::steady_clock::now() >= *w.deadline; }

void checkWait(redisContext* c, const ReplyWait& w) {
    if (w.interruptible) throwIfInterrupted();
    if (pastDeadline(w)) throw Error("redis-server did not answer in time on the control connection");
    if (c->err) throw Error(std::string("redis control connection: ") + c->errstr);
}
}  // namespace

void makeInterruptible(redisContext* c) {
    timeval tv{0, static_cast<suseconds_t>(kInterruptPoll.count() * 1000)};
    ::setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(c->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    // hiredis then treats a timed-out read or write (EAGAIN) as "try again".
    c->flags &= ~REDIS_BLOCK;
}

void appendCommand(redisContext* c, const std::vector<std::string>& argv) {
    std::vector<const char*> a;
    std::vector<size_t> l;
    for (const auto& s : argv) {
        a.push_back(s.c_str());
        l.push_back(s.size());
    }
    if (redisAppendCommandArgv(c, static_cast<int>(a.size()), a.data(), l.data()) != REDIS_OK)
        throw Error(std::string("redis control connection: ") + c->errstr);
}

redisReply* awaitReply(redisContext* c, const ReplyWait& w) {
    for (int done = 0; !done;) {
        if (redisBufferWrite(c, &done) != REDIS_OK) checkWait(c, w);
        if (!done) checkWait(c, w);
    }
    for (;;) {
        void* reply = nullptr;
        if (redisGetReplyFromReader(c, &reply) != REDIS_OK) checkWait(c, w);
        if (reply) return static_cast<redisReply*>(reply);
        checkWait(c, w);
        if (redisBufferRead(c) != REDIS_OK) checkWait(c, w);
    }
}

redisReply* command(redisContext* c, const std::vector<std::string>& argv, const ReplyWait& w) {
    appendCommand(c, argv);
    return awaitReply(c, w);
}

}  // namespace mmtp::rediszpopmin
