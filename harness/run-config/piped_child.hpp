// piped_child.hpp - a child whose stdout and stderr share one pipe (as
// MMTests' unbuffer gives its monitors one pty), read by a thread that
// hands each chunk of output to a sink. The child gets its own process
// group and PR_SET_PDEATHSIG(SIGKILL) (common/child_process.hpp): stopping
// it stops everything it started, and a SIGKILLed run-config leaves nothing.
#pragma once
#include "common/child_process.hpp"

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace mmtp::runconfig {

class PipedChild {
public:
    using Sink = std::function<void(std::string_view chunk)>;  // called on the reader thread
    // env empty: inherit ours. Must be called from a thread that outlives the
    // child (PDEATHSIG follows the forking thread).
    PipedChild(const std::vector<std::string>& argv, const std::vector<std::string>& env,
               const std::filesystem::path& cwd, Sink sink);
    ~PipedChild();
    PipedChild(const PipedChild&) = delete;
    PipedChild& operator=(const PipedChild&) = delete;

    pid_t pid() const { return child_.pid(); }
    // Until it exits (throws Interrupted on SIGINT/SIGTERM, see signals.hpp);
    // then ends whatever it left in its group and drains the pipe.
    ExitStatus wait();
    // SIGTERM to its group, `grace` to exit, then SIGKILL; drains the pipe.
    ExitStatus stop(std::chrono::milliseconds grace);

private:
    void finish();
    ChildProcess child_;
    int fd_ = -1;
    std::thread reader_;
};

// Runs fn on a new thread with SIGINT and SIGTERM blocked, so that those
// signals always reach the main thread's blocking calls.
std::thread startQuietThread(std::function<void()> fn);

// Cuts a byte stream into lines ('\n' removed); flush() emits a last
// unterminated line.
class LineSplitter {
public:
    explicit LineSplitter(std::function<void(const std::string&)> onLine) : onLine_(std::move(onLine)) {}
    void feed(std::string_view chunk);
    void flush();
private:
    std::function<void(const std::string&)> onLine_;
    std::string pending_;
};

}  // namespace mmtp::runconfig
