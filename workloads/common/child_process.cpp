#include "common/child_process.hpp"

#include "base/errors.hpp"
#include "common/signals.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace mmtp {

bool ExitStatus::exited() const { return WIFEXITED(raw); }
bool ExitStatus::signaled() const { return WIFSIGNALED(raw); }
int ExitStatus::exitCode() const { return WEXITSTATUS(raw); }
int ExitStatus::termSignal() const { return WTERMSIG(raw); }
int ExitStatus::shellCode() const {
    if (exited()) return exitCode();
    if (signaled()) return 128 + termSignal();
    return 1;
}
std::string ExitStatus::describe() const {
    if (exited()) return "exited with status " + std::to_string(exitCode());
    if (signaled()) {
        const char* n = sigabbrev_np(termSignal());
        return std::string("killed by ") + (n ? std::string("SIG") + n : std::to_string(termSignal()));
    }
    return "stopped";
}
static double tvSeconds(const timeval& tv) { return double(tv.tv_sec) + double(tv.tv_usec) / 1e6; }
double ExitStatus::userSeconds() const { return tvSeconds(usage.ru_utime); }
double ExitStatus::systemSeconds() const { return tvSeconds(usage.ru_stime); }

namespace {

// Blocks every signal from before fork() until each side is ready for one:
// the parent restores its mask when fork() returns; the child restores it
// only after childSetup() put back the default handlers, so a signal sent
// at once after fork is never run by our handlers in the child (where it
// would set the child's copy of the stop flag and be lost).
class SignalsBlockedAcrossFork {
public:
    SignalsBlockedAcrossFork() {
        sigset_t all;
        sigfillset(&all);
        ::pthread_sigmask(SIG_SETMASK, &all, &saved_);
    }
    ~SignalsBlockedAcrossFork() { restore(); }
    SignalsBlockedAcrossFork(const SignalsBlockedAcrossFork&) = delete;
    SignalsBlockedAcrossFork& operator=(const SignalsBlockedAcrossFork&) = delete;
    void restore() { ::pthread_sigmask(SIG_SETMASK, &saved_, nullptr); }
    const sigset_t& saved() const { return saved_; }

private:
    sigset_t saved_;
};

// Runs in the child between fork and exec/body: only async-signal-safe calls.
// Signals are blocked on entry (SignalsBlockedAcrossFork); the last step
// sets the mask the child runs with.
void childSetup(bool ownGroup, bool dieWithParent, bool keepSignalHandlers, pid_t parent,
                const sigset_t& parentMask) {
    if (ownGroup) ::setpgid(0, 0);
    if (dieWithParent) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(127);
    }
    if (keepSignalHandlers) {
        ::sigprocmask(SIG_SETMASK, &parentMask, nullptr);
        return;
    }
    // Back to default dispositions, then an empty mask (ignored signals would
    // stay ignored across exec).
    struct sigaction dfl;
    std::memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int s : {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT}) ::sigaction(s, &dfl, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

void redirect(const std::filesystem::path& p, int fd, int flags, int errPipe) {
    if (p.empty()) return;
    int f = ::open(p.c_str(), flags | O_CLOEXEC, 0644);
    if (f < 0 || ::dup2(f, fd) < 0) {
        int e = errno;
        [[maybe_unused]] auto n = ::write(errPipe, &e, sizeof e);
        ::_exit(127);
    }
    ::close(f);
}

void redirectFd(int from, int fd, int errPipe) {
    if (from != fd && ::dup2(from, fd) < 0) {
        int e = errno;
        [[maybe_unused]] auto n = ::write(errPipe, &e, sizeof e);
        ::_exit(127);
    }
    if (from == fd) ::fcntl(fd, F_SETFD, 0);  // keep it across exec
}

}  // namespace

ChildProcess ChildProcess::spawn(const SpawnOptions& o) {
    if (o.argv.empty()) throw Error("spawn: empty command");
    std::vector<char*> argv;
    for (const auto& a : o.argv) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::vector<char*> envp;
    if (o.env) {
        for (const auto& e : *o.env) envp.push_back(const_cast<char*>(e.c_str()));
        envp.push_back(nullptr);
    }
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int c : o.cpus) CPU_SET(c, &set);

    int pipefd[2];
    if (::pipe2(pipefd, O_CLOEXEC) != 0) throw Error(errnoMessage("pipe"));
    pid_t parent = ::getpid();
    SignalsBlockedAcrossFork blocked;
    pid_t pid = ::fork();
    if (pid != 0) blocked.restore();
    if (pid < 0) {
        int e = errno;
        ::close(pipefd[0]);
        ::close(pipefd[1]);
        errno = e;
        throw Error(errnoMessage("fork"));
    }
    if (pid == 0) {
        ::close(pipefd[0]);
        childSetup(o.ownProcessGroup, o.dieWithParent, false, parent, blocked.saved());
        int outFlags = O_WRONLY | O_CREAT | O_NOFOLLOW | (o.appendOutput ? O_APPEND : O_TRUNC);
        redirect(o.stdinPath, 0, O_RDONLY, pipefd[1]);
        if (o.stdoutFd >= 0) redirectFd(o.stdoutFd, 1, pipefd[1]);
        else redirect(o.stdoutPath, 1, outFlags, pipefd[1]);
        if (o.stderrFd >= 0) redirectFd(o.stderrFd, 2, pipefd[1]);
        else redirect(o.stderrPath, 2, outFlags, pipefd[1]);
        if (o.stderrToStdout) ::dup2(1, 2);
        if (!o.cpus.empty() && ::sched_setaffinity(0, sizeof set, &set) != 0) {
            int e = errno;
            [[maybe_unused]] auto n = ::write(pipefd[1], &e, sizeof e);
            ::_exit(127);
        }
        if (!o.cwd.empty() && ::chdir(o.cwd.c_str()) != 0) {
            int e = errno;
            [[maybe_unused]] auto n = ::write(pipefd[1], &e, sizeof e);
            ::_exit(127);
        }
        if (o.env)
            ::execvpe(argv[0], argv.data(), envp.data());
        else
            ::execvp(argv[0], argv.data());
        int e = errno;
        [[maybe_unused]] auto n = ::write(pipefd[1], &e, sizeof e);
        ::_exit(127);
    }
    ::close(pipefd[1]);
    if (o.ownProcessGroup) ::setpgid(pid, pid);  // no race with an early signal()
    ChildProcess child(pid, o.ownProcessGroup);
    int childErrno = 0;
    ssize_t n;
    do {
        n = ::read(pipefd[0], &childErrno, sizeof childErrno);
    } while (n < 0 && errno == EINTR);
    ::close(pipefd[0]);
    if (n > 0) {
        child.stop(std::chrono::milliseconds(0));
        errno = childErrno;
        throw Error(errnoMessage("cannot run " + o.argv[0]));
    }
    return child;
}

ChildProcess ChildProcess::fork(const std::function<int()>& body, const ForkOptions& o) {
    pid_t parent = ::getpid();
    SignalsBlockedAcrossFork blocked;
    pid_t pid = ::fork();
    if (pid != 0) blocked.restore();
    if (pid < 0) throw Error(errnoMessage("fork"));
    if (pid == 0) {
        childSetup(o.ownProcessGroup, o.dieWithParent, o.keepSignalHandlers, parent, blocked.saved());
        int rc = 1;
        try {
            rc = body();
        } catch (...) {
            rc = 1;
        }
        ::_exit(rc);
    }
    if (o.ownProcessGroup) ::setpgid(pid, pid);
    return ChildProcess(pid, o.ownProcessGroup);
}

ChildProcess::~ChildProcess() { stop(); }

ChildProcess::ChildProcess(ChildProcess&& o) noexcept
    : pid_(std::exchange(o.pid_, -1)), group_(o.group_), status_(std::exchange(o.status_, {})) {}

ChildProcess& ChildProcess::operator=(ChildProcess&& o) noexcept {
    if (this != &o) {
        stop();
        pid_ = std::exchange(o.pid_, -1);
        group_ = o.group_;
        status_ = std::exchange(o.status_, {});
    }
    return *this;
}

std::optional<ExitStatus> ChildProcess::poll() {
    if (pid_ <= 0) return std::nullopt;
    if (status_) return status_;
    ExitStatus st;
    pid_t r = ::wait4(pid_, &st.raw, WNOHANG, &st.usage);
    if (r == pid_) status_ = st;
    return status_;
}

ExitStatus ChildProcess::wait() {
    if (pid_ <= 0) throw Error("wait: no child");
    while (!status_) {
        ExitStatus st;
        pid_t r = ::wait4(pid_, &st.raw, 0, &st.usage);
        if (r == pid_) {
            status_ = st;
            break;
        }
        if (r < 0 && errno == EINTR) {
            throwIfInterrupted();
            continue;
        }
        if (r < 0) throw Error(errnoMessage("wait4 " + std::to_string(pid_)));
    }
    return *status_;
}

ExitStatus ChildProcess::waitThroughInterrupts() {
    if (pid_ <= 0) throw Error("wait: no child");
    while (!status_) {
        ExitStatus st;
        pid_t r = ::wait4(pid_, &st.raw, 0, &st.usage);
        if (r == pid_) status_ = st;
        else if (r < 0 && errno != EINTR) throw Error(errnoMessage("wait4 " + std::to_string(pid_)));
    }
    return *status_;
}

std::optional<ExitStatus> ChildProcess::waitFor(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (auto s = poll()) return s;
        if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

void ChildProcess::signal(int sig) {
    if (!active()) return;
    if (group_) ::kill(-pid_, sig);
    ::kill(pid_, sig);
}

ExitStatus ChildProcess::stop(std::chrono::milliseconds grace, int sig) noexcept {
    if (pid_ <= 0) return {};
    if (!status_) {
        try {
            signal(sig);
            // A stopped (SIGSTOP, ptrace) child acts on sig only once continued.
            if (sig != SIGKILL) signal(SIGCONT);
            if (!waitFor(grace)) {
                signal(SIGKILL);
                ExitStatus st;
                while (::wait4(pid_, &st.raw, 0, &st.usage) < 0 && errno == EINTR) {
                }
                status_ = st;
            }
        } catch (...) {
        }
    }
    return status_.value_or(ExitStatus{});
}

namespace {
std::optional<std::size_t> waitAnyUntil(std::span<ChildProcess> children,
                                        std::optional<std::chrono::steady_clock::time_point> deadline) {
    for (;;) {
        siginfo_t si{};
        // WNOWAIT: look first, so that our own children are reaped by their owner.
        if (::waitid(P_ALL, 0, &si, WEXITED | WNOWAIT | (deadline ? WNOHANG : 0)) != 0) {
            if (errno == EINTR) return std::nullopt;
            throw Error(errnoMessage("waitid"));
        }
        if (si.si_pid == 0) {  // WNOHANG, none has exited
            if (std::chrono::steady_clock::now() >= *deadline) return std::nullopt;
            timespec step{0, 20'000'000};
            if (::nanosleep(&step, nullptr) != 0) return std::nullopt;  // a signal
            continue;
        }
        for (std::size_t i = 0; i < children.size(); ++i) {
            if (children[i].active() && children[i].pid() == si.si_pid) {
                children[i].poll();
                return i;
            }
        }
        ::waitpid(si.si_pid, nullptr, WNOHANG);  // an orphan
    }
}
}  // namespace

std::optional<std::size_t> waitAny(std::span<ChildProcess> children) { return waitAnyUntil(children, std::nullopt); }

std::optional<std::size_t> waitAny(std::span<ChildProcess> children, std::chrono::milliseconds timeout) {
    return waitAnyUntil(children, std::chrono::steady_clock::now() + timeout);
}

}  // namespace mmtp
