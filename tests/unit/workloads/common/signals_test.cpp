#include <catch2/catch.hpp>

#include "base/fd.hpp"
#include "common/child_process.hpp"
#include "common/signals.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <ctime>
#include <pthread.h>
#include <thread>
#include <unistd.h>

using namespace mmtp;

// The flag lives for the whole process, so each case runs in a child and
// reports through its exit code.
namespace {

bool sameHandler(const struct sigaction& a, const struct sigaction& b) { return a.sa_handler == b.sa_handler; }

int runInChild(const std::function<int()>& body) {
    ChildProcess c = ChildProcess::fork(body, {.ownProcessGroup = true, .dieWithParent = true});
    return c.wait().shellCode();
}

// 0 when `sig`, raised under an InterruptGuard, sets the flag and the
// exception, and the process keeps running.
int flagFrom(int sig) {
    InterruptGuard guard;
    if (interruptRequested()) return 10;
    std::raise(sig);
    if (pendingInterrupt() != sig) return 11;
    try {
        throwIfInterrupted();
        return 12;
    } catch (const Interrupted& e) {
        if (e.signal() != sig || e.code() != kExitInterrupted) return 13;
    }
    return 0;
}

}  // namespace

TEST_CASE("SIGINT and SIGTERM set the stop flag and become Interrupted (exit 130)") {
    CHECK(runInChild([] { return flagFrom(SIGINT); }) == 0);
    CHECK(runInChild([] { return flagFrom(SIGTERM); }) == 0);
    CHECK(runInChild([] {
        try {
            InterruptGuard guard;
            std::raise(SIGTERM);
            throwIfInterrupted();
        } catch (const Interrupted& e) {
            return std::string(e.what()) == "interrupted by SIGTERM, cleaned up" ? 0 : 1;
        }
        return 2;
    }) == 0);
}

TEST_CASE("SIGHUP and SIGQUIT are interrupts as SIGTERM is (a closed ssh session), and are blocked and reset with them") {
    CHECK(runInChild([] { return flagFrom(SIGHUP); }) == 0);
    CHECK(runInChild([] { return flagFrom(SIGQUIT); }) == 0);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) CHECK(isInterruptSignal(sig));
    CHECK_FALSE(isInterruptSignal(SIGUSR1));
    CHECK_FALSE(isInterruptSignal(SIGKILL));
    CHECK(runInChild([] {
        BlockInterrupts block;
        sigset_t now;
        ::pthread_sigmask(SIG_BLOCK, nullptr, &now);
        for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
            if (!sigismember(&now, sig)) return sig;
        return 0;
    }) == 0);
}

TEST_CASE("an InterruptGuard ignores SIGPIPE and restores every handler it replaced") {
    CHECK(runInChild([] {
        struct sigaction before[3], during, after;
        const int sigs[] = {SIGINT, SIGTERM, SIGPIPE};
        for (int i = 0; i < 3; ++i) ::sigaction(sigs[i], nullptr, &before[i]);
        {
            InterruptGuard guard;
            ::sigaction(SIGPIPE, nullptr, &during);
            if (during.sa_handler != SIG_IGN) return 1;
            ::sigaction(SIGTERM, nullptr, &during);
            if (during.sa_handler == SIG_DFL || (during.sa_flags & SA_RESTART)) return 2;
        }
        for (int i = 0; i < 3; ++i) {
            ::sigaction(sigs[i], nullptr, &after);
            if (!sameHandler(before[i], after)) return 3 + i;
        }
        std::raise(SIGTERM);  // default again: this kills the child
        return 9;
    }) == 128 + SIGTERM);
}

TEST_CASE("a forked child starts with default signal handlers unless told to keep ours") {
    CHECK(runInChild([] {
        InterruptGuard guard;
        const int reset = runInChild([] {
            std::raise(SIGTERM);
            return 0;
        });
        const int kept = ChildProcess::fork([] {
                             std::raise(SIGTERM);
                             return interruptRequested() ? 0 : 1;
                         },
                                            {.keepSignalHandlers = true})
                             .wait()
                             .shellCode();
        return reset == 128 + SIGTERM && kept == 0 ? 0 : 1;
    }) == 0);
}

// Issue 31: a signal that lands after the last look at the flag and before a
// blocking call used to leave that call waiting for its event (a worker's
// 200M-loop exchange). The reminder interrupts it within kReminderPeriod.
TEST_CASE("an interrupt that lands just before a blocking read or wait still ends that wait within a second") {
    const auto returnsSoon = [](const std::function<bool()>& wait) {
        const auto t0 = std::chrono::steady_clock::now();
        const bool interrupted = wait();
        return interrupted && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1);
    };
    CHECK(runInChild([&] {
        InterruptGuard guard;
        Pipe p;
        // Data after 3 s, so that a lost signal fails the case instead of hanging it.
        std::thread late([w = p.write.get()] {
            std::this_thread::sleep_for(std::chrono::seconds(3));
            [[maybe_unused]] auto n = ::write(w, "x", 1);
        });
        std::raise(SIGQUIT);  // the handler has run; no call was under way
        const bool ok = returnsSoon([&] {
            char c;
            return ::read(p.read.get(), &c, 1) < 0 && errno == EINTR && interruptRequested();
        });
        late.join();
        return ok ? 0 : 1;
    }) == 0);
    CHECK(runInChild([&] {
        InterruptGuard guard;
        ChildProcess sleeper = ChildProcess::fork([] {
            std::this_thread::sleep_for(std::chrono::seconds(3));
            return 0;
        });
        std::raise(SIGHUP);
        return returnsSoon([&] {
            try {
                sleeper.wait();
                return false;
            } catch (const Interrupted& e) {
                return e.signal() == SIGHUP;
            }
        }) ? 0 : 1;
    }) == 0);
}

TEST_CASE("once the main thread throws Interrupted the reminder stops: the cleanup's waits run to their end") {
    CHECK(runInChild([] {
        InterruptGuard guard;
        std::raise(SIGTERM);
        try {
            throwIfInterrupted();
        } catch (const Interrupted&) {
        }
        ChildProcess gzipLike = ChildProcess::fork([] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            return 0;
        });
        return gzipLike.wait().success() ? 0 : 1;  // threw Interrupted before: the reminder cut it short
    }) == 0);
}

TEST_CASE("without an interrupt the reminder stays quiet, and it ends with its InterruptGuard") {
    CHECK(runInChild([] {
        {
            InterruptGuard guard;
            const timespec t{0, 200'000'000};
            if (::nanosleep(&t, nullptr) != 0) return 1;  // nothing interrupts an undisturbed sleep
        }
        struct sigaction now;
        ::sigaction(reminderSignal(), nullptr, &now);
        return now.sa_handler == SIG_DFL ? 0 : 2;
    }) == 0);
}
