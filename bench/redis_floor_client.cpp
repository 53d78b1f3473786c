// redis_floor_client.cpp - the least a pipelined redis client can do, for
// bench/redis-zpopmin-vs-redis-benchmark.sh: the same socket (TCP_NODELAY,
// the 200 ms SO_RCVTIMEO/SO_SNDTIMEO redis-zpopmin sets) and the same I/O
// (write one batch of P commands, read until its P replies are in), with
// no randomising in the timed loop, no latency clock and no parsing beyond
// counting replies. Its CPU per request is the floor the kernel's loopback
// TCP and the wake-ups leave any client.
// The keys are drawn before the clock starts, into kBatches batches sent in
// turn, so the server still meets keys spread over the keyspace (ZADD
// inserts, ZPOPMIN pops real members): a fixed key would shorten the
// server's work, and with it how deep the client's wait sleeps.
// Built by the bench script into its temp dir; not part of the product.
//   redis-floor-client PORT REQUESTS PIPELINE KEYSPACE TESTS [READ_BUFFER_BYTES]
// TESTS: get, zadd,zpopmin (or one of them). Prints redis-benchmark's CSV
// header and one "TITLE","RPS" row a test.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <string>
#include <vector>

namespace {

[[noreturn]] void die(const char* what) {
    std::fprintf(stderr, "redis-floor-client: %s: %s\n", what, std::strerror(errno));
    std::exit(1);
}

int connectTo(int port) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) die("socket");
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) die("connect");
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    timeval tv{0, 200000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    return fd;
}

// Counts whole replies the cheapest way that is right for these tests:
// every reply is one line ("$-1": GET on the flushed db finds nothing;
// ":1"; "*0") except ZPOPMIN's "*N" array, whose N members and scores are
// two lines each. So replies = lines - 2N over the arrays; lines are counted
// by std::count (vectorised) and arrays found by memchr. A count split
// between two reads carries over.
class ReplyCounter {
public:
    long feed(const char* p, std::size_t n) {
        const char* end = p + n;
        long replies = static_cast<long>(std::count(p, end, '\n'));
        const char* q = p;
        if (inArrayCount_) q = readCount(q, end);
        while (q < end && (q = static_cast<const char*>(std::memchr(q, '*', std::size_t(end - q))))) {
            count_ = 0;
            inArrayCount_ = true;
            q = readCount(q + 1, end);
        }
        replies -= linesOwed_;
        linesOwed_ = 0;
        return replies;
    }

private:
    // Reads an array's digits from q; at their end, owes two lines a member.
    const char* readCount(const char* q, const char* end) {
        while (q < end && *q >= '0' && *q <= '9') count_ = count_ * 10 + (*q++ - '0');
        if (q < end) {
            inArrayCount_ = false;
            linesOwed_ += 2 * count_;
        }
        return q;
    }

    bool inArrayCount_ = false;
    long count_ = 0;
    long linesOwed_ = 0;
};

// 64 batches of 256 keys: 16,384 draws, about 14,500 distinct members of a
// 50,000 keyspace, in 1-2 MiB (a cache-warm rotation, like one buffer).
constexpr int kBatches = 64;

std::string command(const std::vector<std::string>& argv) {
    std::string s = "*" + std::to_string(argv.size()) + "\r\n";
    for (const auto& a : argv) s += "$" + std::to_string(a.size()) + "\r\n" + a + "\r\n";
    return s;
}

double nowSeconds() {
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void writeAll(int fd, const std::string& s) {
    std::size_t off = 0;
    while (off < s.size()) {
        ssize_t k = ::write(fd, s.data() + off, s.size() - off);
        if (k > 0) off += std::size_t(k);
        else if (!(k < 0 && (errno == EINTR || errno == EAGAIN))) die("write");
    }
}

// kBatches batches of PIPELINE copies of argv, each "__rand_int__" given its
// own key below keyspace, 12 digits as redis-benchmark writes them. Cheap
// (about 1 ms): the floor's CPU, from wait4, includes it.
std::vector<std::string> drawBatches(const std::vector<std::string>& argv, long pipeline, unsigned long keyspace) {
    static constexpr char kPlaceholder[] = "__rand_int__";
    std::string batch;
    for (long i = 0; i < pipeline; ++i) batch += command(argv);
    std::vector<std::size_t> slots;
    for (auto at = batch.find(kPlaceholder); at != std::string::npos; at = batch.find(kPlaceholder, at + 12))
        slots.push_back(at);
    std::mt19937_64 gen(42);
    std::uniform_int_distribution<unsigned long> key(0, keyspace - 1);
    std::vector<std::string> batches(kBatches, batch);
    for (auto& b : batches)
        for (std::size_t at : slots)
            for (unsigned long k = key(gen), d = 12; d-- > 0; k /= 10) b[at + d] = char('0' + k % 10);
    return batches;
}

// Sends REQUESTS commands in batches of PIPELINE, each batch once its
// predecessor's replies are all in; returns requests per second.
double runTest(int fd, const std::vector<std::string>& batches, long requests, long pipeline, std::vector<char>& buf) {
    ReplyCounter counter;
    const double t0 = nowSeconds();
    std::size_t next = 0;
    for (long sent = 0; sent < requests; sent += pipeline) {
        writeAll(fd, batches[next]);
        next = next + 1 == batches.size() ? 0 : next + 1;
        for (long pending = pipeline; pending > 0;) {
            ssize_t n = ::read(fd, buf.data(), buf.size());
            if (n > 0) pending -= counter.feed(buf.data(), std::size_t(n));
            else if (n == 0) die("read: server closed the connection");
            else if (errno != EINTR && errno != EAGAIN) die("read");
        }
    }
    return double(requests) / (nowSeconds() - t0);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: redis-floor-client PORT REQUESTS PIPELINE KEYSPACE TESTS [READ_BUFFER_BYTES]\n");
        return 2;
    }
    const int port = std::atoi(argv[1]);
    const long requests = std::atol(argv[2]), pipeline = std::atol(argv[3]), keyspace = std::atol(argv[4]);
    const std::string tests = argv[5];
    std::vector<char> buf(argc > 6 ? std::size_t(std::atol(argv[6])) : 256 * 1024);
    if (port <= 0 || requests <= 0 || pipeline <= 0 || keyspace <= 0 || keyspace > 1000000000000L || buf.empty()) {
        std::fprintf(stderr, "redis-floor-client: PORT, REQUESTS, PIPELINE, KEYSPACE (up to 10^12) and "
                             "READ_BUFFER_BYTES must be > 0\n");
        return 2;
    }
    const int fd = connectTo(port);
    std::printf("\"test\",\"rps\"\n");
    const struct { const char* name; const char* title; std::vector<std::string> argv; } all[] = {
        {"get", "GET", {"GET", "key:__rand_int__"}},
        {"zadd", "ZADD", {"ZADD", "myzset", "__rand_int__", "element:__rand_int__"}},
        {"zpopmin", "ZPOPMIN", {"ZPOPMIN", "myzset"}},
    };
    for (const auto& t : all) {
        if (("," + tests + ",").find(std::string(",") + t.name + ",") == std::string::npos) continue;
        const auto batches = drawBatches(t.argv, pipeline, static_cast<unsigned long>(keyspace));
        std::printf("\"%s\",\"%.2f\"\n", t.title, runTest(fd, batches, requests, pipeline, buf));
    }
    ::close(fd);
    return 0;
}
