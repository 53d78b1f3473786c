#include "redis-zpopmin/resource_budget.hpp"

#include "base/errors.hpp"
#include "redis-zpopmin/test_suite.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>
#include <sys/resource.h>

namespace mmtp::rediszpopmin {

namespace {

int digits(uint64_t n) { return static_cast<int>(std::to_string(n).size()); }

// MemAvailable from /proc/meminfo, in bytes; 0 when unknown.
uint64_t memAvailable() {
    std::ifstream in("/proc/meminfo");
    for (std::string key; in >> key;) {
        uint64_t kb = 0;
        in >> kb;
        if (key == "MemAvailable:") return kb * 1024;
        in.ignore(256, '\n');
    }
    return 0;
}

std::string mib(uint64_t bytes) {
    return bytes == UINT64_MAX ? std::string("over 16 EiB") : std::to_string(bytes >> 20) + " MiB";
}

// a * b, or UINT64_MAX when it does not fit (-d 512m -P 1e6 -c 10000 does not).
uint64_t saturatingMul(uint64_t a, uint64_t b) {
    uint64_t r = 0;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

}  // namespace

uint64_t clientMemoryBytes(const Settings& s) {
    // Each test's command at -d 1, and how many copies of the payload it holds:
    // at -d N each copy is N-1 bytes longer, plus its longer "$N" header.
    const std::string one = benchmarkData(1);
    const auto d = static_cast<uint64_t>(s.datasize);
    const uint64_t grow = (d - 1) + static_cast<uint64_t>(digits(d) - 1);
    uint64_t suiteCopies = 0, biggest = 0;
    for (const auto& t : defaultSuite(one, s.randomKeys())) {
        suiteCopies += static_cast<uint64_t>(std::count(t.argv.begin(), t.argv.end(), one));
    }
    for (const auto& t : selectTests(defaultSuite(one, s.randomKeys()), s.tests)) {
        const auto copies = static_cast<uint64_t>(std::count(t.argv.begin(), t.argv.end(), one));
        biggest = std::max<uint64_t>(biggest, formatCommand(t).size() + copies * grow);
    }
    // The suite is built whole, then each selected command formatted once
    // per client batch of -P commands.
    const uint64_t suite = (suiteCopies + 1) * d;  // <= 17 x 512 MiB
    const uint64_t clients = saturatingMul(saturatingMul(biggest, static_cast<uint64_t>(s.pipeline)),
                                           static_cast<uint64_t>(s.maxClients));
    return clients > UINT64_MAX - suite ? UINT64_MAX : suite + clients;
}

void requireResources(const Settings& s) {
    const uint64_t need = clientMemoryBytes(s);
    const uint64_t avail = memAvailable();
    if (avail > 0 && need > avail / 2)
        throw UsageError("-d " + std::to_string(s.datasize) + " -P " + std::to_string(s.pipeline) + " -c " +
                         std::to_string(s.maxClients) + " would take " + mib(need) +
                         " of client buffers (the suite, and clients x -P commands of the biggest test), over half of "
                         "the " + mib(avail) + " available; use a smaller -d (REDIS_ZPOPMIN_DATASIZE), -P or -c");

    // One fd per client, the control connection, epoll, logs: 64 spare.
    const rlim_t want = static_cast<rlim_t>(s.maxClients) + 64;
    struct rlimit rl {};
    if (::getrlimit(RLIMIT_NOFILE, &rl) != 0) return;
    if (rl.rlim_cur >= want) return;
    struct rlimit raised = rl;
    raised.rlim_cur = want;
    if (raised.rlim_max < want) raised.rlim_max = want;  // root may
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) return;
    raised.rlim_max = rl.rlim_max;
    raised.rlim_cur = std::min(want, rl.rlim_max);
    if (raised.rlim_cur >= want && ::setrlimit(RLIMIT_NOFILE, &raised) == 0) return;
    throw UnsupportedError("-c " + std::to_string(s.maxClients) + " needs " + std::to_string(want) +
                           " open files; ulimit -n allows " + std::to_string(rl.rlim_max) +
                           " here (raise ulimit -Hn, or use fewer clients)");
}

}  // namespace mmtp::rediszpopmin
