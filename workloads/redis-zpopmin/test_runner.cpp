#include "redis-zpopmin/test_runner.hpp"

#include "base/clock.hpp"
#include "base/errors.hpp"
#include "base/fd.hpp"
#include "common/signals.hpp"
#include "redis-zpopmin/batch_buffer.hpp"
#include "redis-zpopmin/control_io.hpp"

#include <algorithm>
#include <cerrno>
#include <sys/epoll.h>
#include <unistd.h>
#include <vector>

namespace mmtp::rediszpopmin {

namespace {

int64_t nowUs() { return int64_t(monotonicNs() / 1000); }
int64_t nowNs() { return int64_t(monotonicNs()); }

constexpr std::size_t kReadBuf = 256 * 1024;

struct Client {
    Connection conn;
    BatchBuffer batch;
    RespScanner scanner;
    int64_t start = 0;
    int64_t latency = -1;
    int64_t pending = 0;
    bool busy = false;
};

// Reads once; returns bytes read (> 0). Throws on EOF or error.
ssize_t readSome(int fd, char* buf, const std::string& title) {
    for (;;) {
        ssize_t n = ::read(fd, buf, kReadBuf);
        if (n > 0) return n;
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) {  // EAGAIN: the receive timeout
            throwIfInterrupted();
            continue;
        }
        if (n == 0) throw Error("redis-server closed the connection during " + title);
        throw Error(errnoMessage("reading from redis-server during " + title));
    }
}

class Run {
public:
    Run(const TestSpec& t, const RunParams& p, const Endpoint& ep, KeyRng& rng)
        : test_(t), p_(p), rng_(rng), buf_(new char[kReadBuf]) {
        const std::string cmd = formatCommand(t);
        clients_.reserve(static_cast<std::size_t>(p.clients));
        for (int i = 0; i < p.clients; ++i) clients_.push_back(Client{Connection(ep), BatchBuffer(cmd, p.pipeline), {}, 0, -1, 0, false});
    }

    TestOutcome go() {
        TestOutcome out;
        out.title = test_.title;
        hist_ = out.histogram.get();
        const int64_t startNs = nowNs();
        if (clients_.size() == 1)
            runOne(clients_[0]);
        else
            runMany();
        const int64_t endNs = nowNs();
        out.requestsFinished = finished_;
        out.totlatencyMs = endNs / 1000000 - startNs / 1000000;
        out.elapsedNs = endNs - startNs;
        out.elapsedUs = out.elapsedNs / 1000;
        drain();  // untimed: finish batches still in flight so the reply counts add up
        for (auto& c : clients_) {
            const auto& r = c.scanner.counts();
            out.replies.real += r.real;
            out.replies.empty += r.empty;
            out.replies.errors += r.errors;
        }
        return out;
    }

private:
    // Starts a batch if the -n budget allows; false when it is used up.
    bool startBatch(Client& c) {
        int64_t prev = issued_;
        issued_ += p_.pipeline;
        if (prev >= p_.requests) return false;
        // A signal that lands outside read()/write() interrupts no call: look
        // once per batch (one load), so a fast server cannot outrun Ctrl-C.
        throwIfInterrupted();
        if (p_.randomKeys) c.batch.randomize(rng_, p_.keyspace);
        c.start = nowUs();
        c.latency = -1;
        c.pending = p_.pipeline;
        c.busy = true;
        writeToServer(c.conn.fd(), c.batch.bytes().data(), c.batch.bytes().size(), test_.title.c_str());
        return true;
    }

    // Handles one read on c; true when its batch completed.
    bool onReadable(Client& c) {
        ssize_t n = readSome(c.conn.fd(), buf_.get(), test_.title);
        if (c.latency < 0) c.latency = nowUs() - c.start;
        auto k = static_cast<int64_t>(c.scanner.feed(buf_.get(), static_cast<std::size_t>(n)));
        if (k > c.pending) throw Error("protocol error: more replies than requests during " + test_.title);
        int64_t recordable = p_.requests - finished_;
        if (recordable > 0) hist_->record(c.latency, k < recordable ? k : recordable);
        finished_ += k;
        c.pending -= k;
        if (c.pending > 0) return false;
        c.busy = false;
        return true;
    }

    void runOne(Client& c) {
        while (startBatch(c))
            while (!onReadable(c)) {
            }
    }

    void runMany() {
        UniqueFd epoll(::epoll_create1(EPOLL_CLOEXEC));
        if (!epoll) throw Error(errnoMessage("epoll_create1"));
        const int ep = epoll.get();
        for (std::size_t i = 0; i < clients_.size(); ++i) {
            epoll_event ev{};
            ev.events = EPOLLIN;
            ev.data.u64 = i;
            if (::epoll_ctl(ep, EPOLL_CTL_ADD, clients_[i].conn.fd(), &ev) != 0) throw Error(errnoMessage("epoll_ctl"));
        }
        for (auto& c : clients_) startBatch(c);
        epoll_event events[64];
        while (finished_ < p_.requests) {
            // Wakes up now and then to see a SIGINT that came just before the wait.
            int n = ::epoll_wait(ep, events, 64, static_cast<int>(kInterruptPoll.count()));
            if (n == 0) throwIfInterrupted();
            if (n < 0) {
                if (errno == EINTR) {
                    throwIfInterrupted();
                    continue;
                }
                throw Error(errnoMessage("epoll_wait"));
            }
            for (int i = 0; i < n && finished_ < p_.requests; ++i) {
                Client& c = clients_[events[i].data.u64];
                if (!c.busy) continue;
                if (onReadable(c) && finished_ < p_.requests) startBatch(c);
            }
            bool anyBusy = false;
            for (auto& c : clients_) anyBusy |= c.busy;
            if (!anyBusy) break;
        }
    }

    void drain() {
        for (auto& c : clients_) {
            while (c.busy) {
                ssize_t n = readSome(c.conn.fd(), buf_.get(), test_.title);
                auto k = static_cast<int64_t>(c.scanner.feed(buf_.get(), static_cast<std::size_t>(n)));
                c.pending -= k;
                if (c.pending <= 0) c.busy = false;
            }
        }
    }

    const TestSpec& test_;
    const RunParams& p_;
    KeyRng& rng_;
    std::unique_ptr<char[]> buf_;
    std::vector<Client> clients_;
    LatencyHistogram* hist_ = nullptr;
    int64_t issued_ = 0;
    int64_t finished_ = 0;
};

}  // namespace

float TestOutcome::rps(RpsClock clock) const {
    if (clock == RpsClock::Ns || msClockTooCoarse(clock)) return static_cast<float>(preciseRps());
    return static_cast<float>(requestsFinished) / (static_cast<float>(totlatencyMs) / 1000.0f);
}

double TestOutcome::preciseRps() const {
    // The span holds at least one round trip to the server, so it is never
    // 0 ns; the floor of 1 ns only keeps this finite whatever it is given.
    return double(requestsFinished) * 1e9 / double(std::max<int64_t>(elapsedNs, 1));
}

TestOutcome runTest(const TestSpec& test, const RunParams& params, const Endpoint& ep, KeyRng& rng) {
    Run run(test, params, ep, rng);
    return run.go();
}

}  // namespace mmtp::rediszpopmin
