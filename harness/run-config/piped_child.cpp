#include "run-config/piped_child.hpp"

#include "base/errors.hpp"
#include "common/signals.hpp"
#include "run-config/group_guardian.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

namespace mmtp::runconfig {

std::thread startQuietThread(std::function<void()> fn) {
    BlockInterrupts block;
    return std::thread(std::move(fn));  // inherits the blocked mask
}

PipedChild::PipedChild(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                       const std::filesystem::path& cwd, Sink sink) {
    if (argv.empty()) throw Error("PipedChild: empty command");
    // Everything the child touches is prepared before fork (no allocation after it).
    std::vector<char*> args, envp;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    const std::string dir = cwd.string();
    const std::string failMsg = "run-config: cannot run " + argv[0] + "\n";
    int p[2];
    if (::pipe2(p, O_CLOEXEC) != 0) throw Error(errnoMessage("pipe"));
    child_ = ChildProcess::fork([&]() -> int {
        int devnull = ::open("/dev/null", O_RDONLY);
        if (devnull >= 0) ::dup2(devnull, 0);
        ::dup2(p[1], 1);
        ::dup2(p[1], 2);
        if (!dir.empty() && ::chdir(dir.c_str()) != 0) return 127;
        if (env.empty())
            ::execvp(args[0], args.data());
        else
            ::execvpe(args[0], args.data(), envp.data());
        [[maybe_unused]] auto n = ::write(2, failMsg.data(), failMsg.size());
        return 127;
    });
    ::close(p[1]);
    guardGroup(child_.pid());
    fd_ = p[0];
    reader_ = startQuietThread([fd = fd_, sink = std::move(sink)] {
        char buf[8192];
        for (;;) {
            ssize_t n = ::read(fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            sink(std::string_view(buf, static_cast<std::size_t>(n)));
        }
    });
}

void PipedChild::finish() {
    // The group outlives its leader only if the child left processes behind.
    if (child_.pid() > 0) {
        ::kill(-child_.pid(), SIGKILL);
        releaseGroup(child_.pid());
    }
    if (reader_.joinable()) reader_.join();
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

ExitStatus PipedChild::wait() {
    ExitStatus st = child_.wait();
    finish();
    return st;
}

ExitStatus PipedChild::stop(std::chrono::milliseconds grace) {
    ExitStatus st = child_.stop(grace);
    finish();
    return st;
}

PipedChild::~PipedChild() {
    child_.stop(std::chrono::seconds(5));
    finish();
}

void LineSplitter::feed(std::string_view chunk) {
    for (char c : chunk) {
        if (c == '\n') {
            onLine_(pending_);
            pending_.clear();
        } else {
            pending_ += c;
        }
    }
}

void LineSplitter::flush() {
    if (!pending_.empty()) onLine_(pending_);
    pending_.clear();
}

}  // namespace mmtp::runconfig
