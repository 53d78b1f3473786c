// redis-zpopmin's two reports over redis-benchmark's CSV. MMTests ranks a
// whole report one way (preferhigher), and redis-benchmark's rows go both
// ways: requests per second up is better, latency up is worse. So the main
// report holds the RPS rows (higher is better) and -a latency the latency
// rows (lower is better), each with the sign a reader expects. MMTests' own
// redis shellpack keeps both in one lower-is-better report.
#include "parsers/parsers.hpp"

#include <algorithm>

namespace mmtp::compare {

namespace {

bool isThroughput(const Row& row) {
    constexpr std::string_view kSuffix = "-RPS";
    return row.metric.size() >= kSuffix.size() &&
           row.metric.compare(row.metric.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0;
}

}  // namespace

Rows parseRedisThroughput(const std::filesystem::path& logsDir, Warnings& warnings) {
    Rows rows = parseRedisCsv(logsDir, warnings);
    std::erase_if(rows, [](const Row& row) { return !isThroughput(row); });
    return rows;
}

Rows parseRedisLatency(const std::filesystem::path& logsDir, Warnings& warnings) {
    Rows rows = parseRedisCsv(logsDir, warnings);
    std::erase_if(rows, isThroughput);
    return rows;
}

}  // namespace mmtp::compare
