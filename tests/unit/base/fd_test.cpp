#include <catch2/catch.hpp>

#include "base/fd.hpp"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <pthread.h>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace mmtp;

namespace {

std::atomic<int> gEintrSeen{0};
extern "C" void onTestSignal(int) {}
bool countAndContinue() { ++gEintrSeen; return false; }
bool countAndStop() { ++gEintrSeen; return true; }

// SIGUSR1 without SA_RESTART, so a blocked write returns EINTR (or short).
struct WakeHandler {
    struct sigaction old {};
    WakeHandler() {
        struct sigaction sa {};
        sa.sa_handler = onTestSignal;
        sigemptyset(&sa.sa_mask);
        ::sigaction(SIGUSR1, &sa, &old);
    }
    ~WakeHandler() { ::sigaction(SIGUSR1, &old, nullptr); }
};

// Sends SIGUSR1 to `t` every 10 ms until done() (at most 10 s).
template <class Done>
void pokeUntil(std::thread& t, Done done) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!done() && std::chrono::steady_clock::now() < deadline) {
        ::pthread_kill(t.native_handle(), SIGUSR1);
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

bool isOpen(int fd) { return ::fcntl(fd, F_GETFD) != -1; }

std::string readAllFrom(int fd) {
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) out.append(buf, std::size_t(n));
    return out;
}

std::string pattern(std::size_t n) {
    std::string s(n, '\0');
    for (std::size_t i = 0; i < n; ++i) s[i] = char('a' + i % 26);
    return s;
}

}  // namespace

TEST_CASE("a UniqueFd closes its descriptor once, and moving hands it over") {
    Pipe p;
    const int r = p.read.get();
    REQUIRE(isOpen(r));
    UniqueFd moved(std::move(p.read));
    CHECK(p.read.get() == -1);
    CHECK_FALSE(p.read);
    CHECK(moved.get() == r);
    UniqueFd assigned;
    assigned = std::move(moved);
    CHECK(isOpen(r));
    assigned.reset();
    CHECK_FALSE(isOpen(r));
    assigned.reset();  // idempotent
}

TEST_CASE("writeAll writes everything through short writes and EINTR") {
    WakeHandler wake;
    Pipe p;
    REQUIRE(::fcntl(p.write.get(), F_SETPIPE_SZ, 4096) >= 0);
    const std::string data = pattern(256 * 1024);
    gEintrSeen = 0;
    std::atomic<bool> ok{false};
    std::thread writer([&] {
        ok = writeAll(p.write.get(), data.data(), data.size(), countAndContinue);
        p.write.reset();
    });
    // The pipe holds 4 KiB: the writer blocks; each signal cuts one write short or makes it fail with EINTR.
    pokeUntil(writer, [] { return gEintrSeen > 0; });
    const std::string got = readAllFrom(p.read.get());
    writer.join();
    CHECK(gEintrSeen > 0);
    CHECK(ok);
    CHECK(got == data);
}

TEST_CASE("writeAll gives up on EINTR when told to stop") {
    WakeHandler wake;
    Pipe p;
    REQUIRE(::fcntl(p.write.get(), F_SETPIPE_SZ, 4096) >= 0);
    const std::string data = pattern(64 * 1024);
    gEintrSeen = 0;
    std::atomic<int> result{-1};
    std::thread writer([&] { result = writeAll(p.write.get(), data.data(), data.size(), countAndStop) ? 1 : 0; });
    pokeUntil(writer, [&] { return result != -1; });
    writer.join();
    CHECK(result == 0);
    CHECK(gEintrSeen == 1);
}

TEST_CASE("writeAll reports a write error") {
    Pipe p;
    p.read.reset();
    struct sigaction ign {}, old {};
    ign.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ign, &old);
    errno = 0;
    CHECK_FALSE(writeAll(p.write.get(), std::string_view("x")));
    CHECK(errno == EPIPE);
    ::sigaction(SIGPIPE, &old, nullptr);
}
