// child_process.hpp - a spawned (fork+exec) or forked child that cannot
// outlive its owner: the destructor stops it (SIGTERM, a grace period, then
// SIGKILL) and reaps it. wait() reports the exit status and the child's
// rusage (wait4), as /usr/bin/time would.
//
// By default the child gets its own process group (a terminal Ctrl-C reaches
// only us, and we stop the child in order) and PR_SET_PDEATHSIG(SIGKILL), so
// even a SIGKILLed parent leaves nothing behind.
#pragma once
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <vector>

namespace mmtp {

struct ExitStatus {
    int raw = 0;           // waitpid status
    struct rusage usage {};  // the child's (and its reaped children's) usage

    bool exited() const;
    bool signaled() const;
    int exitCode() const;    // valid if exited()
    int termSignal() const;  // valid if signaled()
    // exit code, or 128+signal like a shell
    int shellCode() const;
    bool success() const { return exited() && exitCode() == 0; }
    // "exited with status 3", "killed by SIGKILL"
    std::string describe() const;
    double userSeconds() const;
    double systemSeconds() const;
};

struct SpawnOptions {
    std::vector<std::string> argv;             // argv[0] is looked up in PATH
    std::optional<std::vector<std::string>> env;  // "K=V" list; nullopt: inherit ours
    std::filesystem::path stdinPath;           // empty: inherit
    // Output paths are opened with O_NOFOLLOW (a planted symlink is refused);
    // for a file in a directory someone else can write, open it yourself
    // (AtomicFile, openAppendNoFollow) and pass the fd.
    std::filesystem::path stdoutPath;          // empty: inherit
    std::filesystem::path stderrPath;          // empty: inherit
    int stdoutFd = -1;                         // >= 0: the child's stdout (wins over stdoutPath)
    int stderrFd = -1;                         // >= 0: the child's stderr (wins over stderrPath)
    bool stderrToStdout = false;
    bool appendOutput = false;                 // O_APPEND instead of O_TRUNC
    std::vector<int> cpus;                     // sched_setaffinity; empty: inherit
    std::filesystem::path cwd;                 // empty: inherit
    bool ownProcessGroup = true;
    bool dieWithParent = true;
};

struct ForkOptions {
    bool ownProcessGroup = true;
    bool dieWithParent = true;
    // Keep our signal dispositions (e.g. the SIGINT/SIGTERM flag of
    // signals.hpp) in the child, for a worker that checks interruptRequested()
    // and stops on its own; by default the child starts with SIG_DFL.
    bool keepSignalHandlers = false;
};

class ChildProcess {
public:
    ChildProcess() = default;
    // Throws Error("cannot run <argv0>: <strerror>") if exec fails.
    static ChildProcess spawn(const SpawnOptions& opts);
    // Runs body() in a forked child and _exits with its return value (1 if it throws).
    static ChildProcess fork(const std::function<int()>& body, const ForkOptions& opts = {});

    ~ChildProcess();
    ChildProcess(ChildProcess&& other) noexcept;
    ChildProcess& operator=(ChildProcess&& other) noexcept;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    pid_t pid() const { return pid_; }
    // Started and not reaped yet.
    bool active() const { return pid_ > 0 && !status_; }
    // Non-blocking: reaps the child if it has exited.
    std::optional<ExitStatus> poll();
    // Blocks until it exits. If SIGINT/SIGTERM arrives meanwhile (signals.hpp),
    // throws Interrupted; the destructor then stops the child.
    ExitStatus wait();
    // Blocks until it exits, whatever signals arrive meanwhile: for a worker
    // whose own loop decides when to stop.
    ExitStatus waitThroughInterrupts();
    // Waits at most `timeout`; nullopt if still running.
    std::optional<ExitStatus> waitFor(std::chrono::milliseconds timeout);
    // Sends sig to the child (its whole group if it has its own).
    void signal(int sig);
    // sig, up to `grace` to exit, then SIGKILL; always reaps. Never throws.
    ExitStatus stop(std::chrono::milliseconds grace = std::chrono::seconds(5),
                    int sig = 15 /* SIGTERM */) noexcept;
    // The status once reaped.
    const std::optional<ExitStatus>& status() const { return status_; }

private:
    explicit ChildProcess(pid_t pid, bool group) : pid_(pid), group_(group) {}
    pid_t pid_ = -1;
    bool group_ = false;
    std::optional<ExitStatus> status_;
};

// For a child subreaper (PR_SET_CHILD_SUBREAPER) that runs several
// children: blocks until one of `children` exits, reaps it and returns its
// index. Any other child that exits meanwhile is taken for an orphan
// re-parented to us and reaped. nullopt when a signal interrupted the wait
// (the caller checks its flags and calls again).
std::optional<std::size_t> waitAny(std::span<ChildProcess> children);
// The same, but gives up after `timeout` (nullopt), so that a caller whose
// signal landed just before the wait, or whose children are stopped, gets
// control back. Looks every 20 ms.
std::optional<std::size_t> waitAny(std::span<ChildProcess> children, std::chrono::milliseconds timeout);

}  // namespace mmtp
