// test_runner.hpp - runs one test of the suite the way redis-benchmark does:
// -c connections, each sending its batch of -P copies of the command and
// waiting for all P replies before the next batch; batches are handed out
// from the shared -n budget first come first served; the latency of every
// reply in a batch is the time from sending the batch to the first bytes of
// its replies; the run stops when -n replies have arrived (REFERENCE-TOOLS.md
// §1.3-1.5). The measured loop does no allocation: one write per batch, reads
// into a fixed buffer, a RESP scanner that only counts.
#pragma once
#include "redis-zpopmin/connection.hpp"
#include "redis-zpopmin/latency_histogram.hpp"
#include "redis-zpopmin/resp_scanner.hpp"
#include "redis-zpopmin/test_suite.hpp"

#include <cstdint>
#include <memory>

namespace mmtp::rediszpopmin {

class KeyRng;

// Which clock an rps comes from: Ns, the nanosecond span of the test
// (requests / elapsedNs); Ms, redis-benchmark's arithmetic (requests /
// totlatency in whole milliseconds), quantised: 10240 requests in 5-37 ms
// can only give 10240 / k ms.
enum class RpsClock { Ns, Ms };

struct RunParams {
    int clients = 1;
    int pipeline = 1;
    int64_t requests = 100000;
    bool randomKeys = true;
    uint64_t keyspace = 50000;
};

struct TestOutcome {
    std::string title;
    int64_t requestsFinished = 0;  // replies counted when the run stopped (may exceed -n)
    int64_t totlatencyMs = 0;      // redis-benchmark's mstime() difference
    int64_t elapsedNs = 0;         // the same span at nanosecond resolution
    int64_t elapsedUs = 0;         // ... and in microseconds (the replies log)
    std::unique_ptr<LatencyHistogram> histogram = std::make_unique<LatencyHistogram>();
    ReplyCounts replies;           // every reply read, including batches in flight at the stop
    // The CSV's single-precision rps. Ns: preciseRps(). Ms: redis-benchmark's
    // requests / totlatencyMs; when the test took under 1 ms that is a
    // division by 0 (redis-benchmark prints inf), and the rps comes from the
    // nanosecond span instead.
    float rps(RpsClock clock) const;
    // Ms asked for, but the test took under 1 ms.
    bool msClockTooCoarse(RpsClock clock) const { return clock == RpsClock::Ms && totlatencyMs <= 0; }
    double preciseRps() const;     // requestsFinished / elapsedNs
};

TestOutcome runTest(const TestSpec& test, const RunParams& params, const Endpoint& ep, KeyRng& rng);

}  // namespace mmtp::rediszpopmin
