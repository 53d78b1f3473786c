// report.hpp - the log files of one iteration.
//   redis-<clients>-<iteration>.log    redis-benchmark --csv output, byte for
//                                      byte (MMTests' redis parse-results reads it)
//   replies-<clients>-<iteration>.log  what redis-benchmark does not say: per
//                                      test, replies that did real work vs
//                                      empty ones (drained key) vs errors, the
//                                      precise elapsed time, and the set size
//                                      around ZADD/ZPOPMIN
#pragma once
#include "redis-zpopmin/test_runner.hpp"

#include <optional>
#include <string>

namespace mmtp::rediszpopmin {

std::string csvHeader();
// "TITLE","rps","avg","min","p50","p95","p99","max" with redis-benchmark's
// float arithmetic and %.2f / %.3f formats; the rps from the clock asked for
// (TestOutcome::rps), never "inf".
std::string csvRow(const TestOutcome& t, RpsClock clock);

struct RepliesRow {
    const TestOutcome* outcome = nullptr;
    std::optional<long long> zcardBefore, zcardAfter;  // for ZADD and ZPOPMIN
};

std::string repliesHeader();
std::string repliesRow(const RepliesRow& r);

std::string csvLogName(int clients, int iteration);
std::string repliesLogName(int clients, int iteration);

}  // namespace mmtp::rediszpopmin
