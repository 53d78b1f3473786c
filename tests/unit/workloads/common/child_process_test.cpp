#include <catch2/catch.hpp>

#include "base/fd.hpp"
#include "common/child_process.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace mmtp;

namespace {

bool reaped(pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) < 0 && errno == ECHILD; }

// Runs in a harness process: starts a grandchild through ChildProcess, which
// sends its pid up the pipe once it runs, and waits to be killed.
[[noreturn]] void harness(int pidOut, bool dieWithParent) {
    ChildProcess grandchild = ChildProcess::fork(
        [pidOut] {
            const pid_t me = ::getpid();
            writeAll(pidOut, &me, sizeof me);
            for (;;) ::pause();
            return 0;
        },
        {.ownProcessGroup = true, .dieWithParent = dieWithParent});
    for (;;) ::pause();
}

// Forks a harness, SIGKILLs it once its grandchild runs, and returns how the
// grandchild ended within `patience` (reparented to us: we are a subreaper).
std::optional<int> grandchildAfterParentKilled(bool dieWithParent, std::chrono::milliseconds patience) {
    REQUIRE(::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
    Pipe p;
    const pid_t h = ::fork();
    REQUIRE(h >= 0);
    if (h == 0) harness(p.write.get(), dieWithParent);
    p.write.reset();
    pid_t gc = 0;
    REQUIRE(::read(p.read.get(), &gc, sizeof gc) == sizeof gc);
    ::kill(h, SIGKILL);
    ::waitpid(h, nullptr, 0);
    std::optional<int> signal;
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while (std::chrono::steady_clock::now() < deadline) {
        int st = 0;
        if (::waitpid(gc, &st, WNOHANG) == gc) {
            signal = WIFSIGNALED(st) ? WTERMSIG(st) : -1;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (!signal) {  // still alive: clean up after the test
        ::kill(gc, SIGKILL);
        ::waitpid(gc, nullptr, 0);
    }
    ::prctl(PR_SET_CHILD_SUBREAPER, 0);
    return signal;
}

}  // namespace

TEST_CASE("a forked child's exit code and usage come back from wait, and it is reaped") {
    ChildProcess c = ChildProcess::fork([] {
        volatile unsigned long x = 0;
        for (unsigned long i = 0; i < 20'000'000; ++i) x = x + i;
        return 7;
    });
    const pid_t pid = c.pid();
    ExitStatus st = c.wait();
    CHECK(st.exited());
    CHECK(st.exitCode() == 7);
    CHECK(st.shellCode() == 7);
    CHECK(st.describe() == "exited with status 7");
    CHECK(st.userSeconds() + st.systemSeconds() > 0);
    CHECK(reaped(pid));
    CHECK_FALSE(c.active());
}

TEST_CASE("a child that throws exits 1") {
    ChildProcess c = ChildProcess::fork([]() -> int { throw std::runtime_error("x"); });
    CHECK(c.wait().exitCode() == 1);
}

TEST_CASE("destroying a ChildProcess stops and reaps a child that would run forever") {
    pid_t pid;
    {
        ChildProcess c = ChildProcess::fork([] {
            for (;;) ::pause();
            return 0;
        });
        pid = c.pid();
        CHECK(c.active());
        CHECK_FALSE(c.poll());
    }
    CHECK(reaped(pid));
    CHECK(::kill(pid, 0) != 0);
}

namespace {
volatile std::sig_atomic_t gCaughtTerm = 0;
extern "C" void catchTerm(int) { gCaughtTerm = 1; }
}  // namespace

// Before signals were blocked across fork(), a SIGTERM sent as soon as fork()
// returned often reached the child before it reset its handlers: our handler
// ran in the child, the signal was spent, and the child ran on (exit 3 here;
// in a workload, stop() waited out its grace period).
TEST_CASE("a signal sent at once after fork meets the child's default handler, never ours") {
    struct sigaction catching {}, old {};
    catching.sa_handler = catchTerm;
    sigemptyset(&catching.sa_mask);
    REQUIRE(::sigaction(SIGTERM, &catching, &old) == 0);
    int killedByTerm = 0, ranOurHandler = 0;
    for (int i = 0; i < 50; ++i) {
        ChildProcess c = ChildProcess::fork([] {
            if (gCaughtTerm) return 3;
            for (;;) ::pause();
            return 0;
        });
        c.signal(SIGTERM);
        const ExitStatus st = c.wait();
        killedByTerm += st.signaled() && st.termSignal() == SIGTERM;
        ranOurHandler += st.exited() && st.exitCode() == 3;
    }
    ::sigaction(SIGTERM, &old, nullptr);
    CHECK(gCaughtTerm == 0);  // the parent was never signalled
    CHECK(ranOurHandler == 0);
    CHECK(killedByTerm == 50);
}

TEST_CASE("a child forked with keepSignalHandlers gets a signal sent at once in our handler") {
    struct sigaction catching {}, old {};
    catching.sa_handler = catchTerm;
    sigemptyset(&catching.sa_mask);
    REQUIRE(::sigaction(SIGTERM, &catching, &old) == 0);
    sigset_t before, after;
    ::pthread_sigmask(SIG_SETMASK, nullptr, &before);
    ChildProcess c = ChildProcess::fork(
        [] {
            while (!gCaughtTerm) ::pause();
            return 4;
        },
        {.keepSignalHandlers = true});
    ::pthread_sigmask(SIG_SETMASK, nullptr, &after);
    c.signal(SIGTERM);
    const ExitStatus st = c.wait();
    ::sigaction(SIGTERM, &old, nullptr);
    CHECK(st.exited());
    CHECK(st.exitCode() == 4);
    CHECK(sigismember(&after, SIGTERM) == sigismember(&before, SIGTERM));  // the parent's mask is back
}

TEST_CASE("stop escalates to SIGKILL when the child ignores SIGTERM") {
    Pipe ready;
    ChildProcess c = ChildProcess::fork([&ready] {
        ::signal(SIGTERM, SIG_IGN);
        writeAll(ready.write.get(), std::string_view("r"));
        for (;;) ::pause();
        return 0;
    });
    ready.write.reset();
    char r;
    REQUIRE(::read(ready.read.get(), &r, 1) == 1);  // it ignores SIGTERM now
    ExitStatus st = c.stop(std::chrono::milliseconds(100));
    CHECK(st.signaled());
    CHECK(st.termSignal() == SIGKILL);
    CHECK(st.describe() == "killed by SIGKILL");
}

TEST_CASE("a child dies with its SIGKILLed parent (PDEATHSIG)") {
    auto sig = grandchildAfterParentKilled(true, std::chrono::seconds(5));
    REQUIRE(sig);
    CHECK(*sig == SIGKILL);
}

TEST_CASE("without dieWithParent a child outlives its SIGKILLed parent (the test can tell)") {
    CHECK_FALSE(grandchildAfterParentKilled(false, std::chrono::milliseconds(300)));
}

TEST_CASE("spawn names a program that cannot run") {
    SpawnOptions o;
    o.argv = {"/nonexistent/program"};
    CHECK_THROWS_WITH(ChildProcess::spawn(o), "cannot run /nonexistent/program: No such file or directory");
}

TEST_CASE("waitAny returns the child that exited first and reaps orphans on the way") {
    // A child that no ChildProcess owns, already exited, stands for an orphan re-parented to us.
    const pid_t orphan = ::fork();
    if (orphan == 0) ::_exit(0);
    siginfo_t si{};
    REQUIRE(::waitid(P_PID, id_t(orphan), &si, WEXITED | WNOWAIT) == 0);
    std::vector<ChildProcess> kids;
    kids.push_back(ChildProcess::fork([] {
        for (;;) ::pause();
        return 0;
    }));
    kids.push_back(ChildProcess::fork([] {
        ::usleep(200'000);
        return 3;
    }));
    std::optional<std::size_t> first;
    while (!(first = waitAny(kids))) {
    }
    CHECK(*first == 1);
    CHECK(kids[1].status()->exitCode() == 3);
    CHECK(reaped(orphan));
    CHECK(kids[0].active());
    kids[0].signal(SIGKILL);
    std::optional<std::size_t> second;
    while (!(second = waitAny(kids))) {
    }
    CHECK(*second == 0);
    CHECK(kids[0].status()->termSignal() == SIGKILL);
}

TEST_CASE("waitAny with a timeout gives control back while every child is stopped") {
    Pipe ready;
    std::vector<ChildProcess> kids;
    kids.push_back(ChildProcess::fork([&ready] {
        writeAll(ready.write.get(), std::string_view("r"));
        for (;;) ::pause();
        return 0;
    }));
    char c = 0;
    REQUIRE(::read(ready.read.get(), &c, 1) == 1);  // past its signal set-up
    ::kill(kids[0].pid(), SIGSTOP);
    const auto t0 = std::chrono::steady_clock::now();
    CHECK_FALSE(waitAny(kids, std::chrono::milliseconds(100)));
    const auto waited = std::chrono::steady_clock::now() - t0;
    CHECK(waited >= std::chrono::milliseconds(100));
    CHECK(waited < std::chrono::seconds(2));
    // stop() continues it, so its SIGTERM takes effect without the SIGKILL grace.
    const auto t1 = std::chrono::steady_clock::now();
    const ExitStatus st = kids[0].stop(std::chrono::seconds(5));
    CHECK(st.signaled());
    CHECK(st.termSignal() == SIGTERM);
    CHECK(std::chrono::steady_clock::now() - t1 < std::chrono::seconds(2));
}
