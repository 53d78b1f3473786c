// control_io.hpp - hiredis on the control connection without its blocking
// waits: hiredis retries EINTR forever and has no reply timeout, so a
// SIGSTOPped or stuck server would make Ctrl-C hang. The socket gets a short
// receive/send timeout and hiredis's non-blocking mode; we loop, checking
// SIGINT/SIGTERM (and an optional deadline) on every wake-up.
#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <vector>

struct redisContext;
struct redisReply;

namespace mmtp::rediszpopmin {

// How often a wait on the server wakes up to look at the interrupt flag.
constexpr std::chrono::milliseconds kInterruptPoll{200};

// Sets the socket timeouts and clears hiredis's blocking flag.
void makeInterruptible(redisContext* c);

struct ReplyWait {
    std::optional<std::chrono::steady_clock::time_point> deadline;  // none: wait as long as it takes
    bool interruptible = true;  // false: for cleanup, which runs after the interrupt
};

// Queues one command (redisAppendCommandArgv). Throws Error.
void appendCommand(redisContext* c, const std::vector<std::string>& argv);
// Sends what is queued and returns the next reply (caller frees it).
// Throws Interrupted, or Error on a connection error or a passed deadline.
redisReply* awaitReply(redisContext* c, const ReplyWait& wait = {});
// appendCommand + awaitReply.
redisReply* command(redisContext* c, const std::vector<std::string>& argv, const ReplyWait& wait = {});

}  // namespace mmtp::rediszpopmin
