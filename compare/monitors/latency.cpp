// MonitorLatency.pm (latency itself, read-latency, write-latency,
// sync-latency, and inboxopen / mmap-access-latency, which read
// read-latency): one latency
// per "TIMESTAMP LATENCY" line, or with --sub-heading batch=N the sum of
// each N lines; summarised as the share of samples in Fibonacci-sized bins
// (or, with breakdown=MIN, above MIN and the high percentiles).
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <cmath>
#include <optional>

namespace mmtp::compare {

namespace {

struct LatencyOptions {
    std::optional<std::string> batch;
    // MonitorLatency's new() sets 20, but every subclass has its own new()
    // that leaves it undef (as it leaves the field width at 18, not 16).
    std::string minLatency;
};
constexpr const char* kSubclassMinLatency = "";
constexpr const char* kGenericMinLatency = "20";

// initialise() splits the whole --sub-heading on '=' once per ','-separated
// option (MMTests' slip), so only the first pair ever counts.
LatencyOptions latencyOptions(const std::string& subHeading, const char* defaultMinLatency) {
    LatencyOptions o;
    o.minLatency = defaultMinLatency;
    if (subHeading.empty()) return o;
    std::vector<std::string> pair = splitLiteral(subHeading, "=");
    std::string type = pair.empty() ? "" : pair[0];
    std::optional<std::string> value = fieldAt(pair, 1);
    for (std::size_t i = 0; i < splitLiteral(subHeading, ",").size(); ++i) {
        if (type == "batch") o.batch = value;
        else if (type == "breakdown") o.minLatency = rowText(value);
    }
    return o;
}

MonitorRun parseLatency(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                        const std::string& heading) {
    const LatencyOptions o = latencyOptions(r.subHeading, kSubclassMinLatency);
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        double start = 0, last = 0, cumulative = 0;
        long count = 0;
        for (const std::string& line : monitorLogLines(iterDir, heading, r.benchmark)) {
            std::vector<std::string> f = splitEachBlank(line + "\n");
            std::optional<std::string> timestamp = fieldAt(f, 0), latency = fieldAt(f, 1);
            if (start == 0) {
                start = numOf(timestamp);
                last = start;
                cumulative = 0;
            }
            count++;
            if (!o.batch) {
                rows.push_back(monitorRow("latency", numOf(timestamp) - start, rowText(latency)));
                continue;
            }
            double batch = numOf(o.batch);
            if (!(std::fabs(batch) < 9e18)) throw MonitorDied("a batch size beyond any count of samples");  // no UB cast
            long b = static_cast<long>(std::trunc(batch));
            if (b == 0) throw MonitorDied("Illegal modulus zero");
            if (count % b == 0) {
                rows.push_back(monitorRow("latency", last - start, exactText(cumulative)));
                cumulative = 0;
                last = numOf(timestamp);
                count = 0;
            }
            cumulative += numOf(latency);
        }
    });
}

std::vector<std::string> summaryStats(const std::string& subHeading, const char* defaultMinLatency) {
    const LatencyOptions o = latencyOptions(subHeading, defaultMinLatency);
    if (subHeading.find("breakdown") != std::string::npos)
        return {"samplespct-min," + o.minLatency, "percentile-90", "percentile-93", "percentile-95",
                "percentile-99", "max"};
    constexpr int kBins = 15;
    double bins[kBins] = {1000, 2000};
    for (int i = 2; i < kBins; ++i) bins[i] = bins[i - 1] + bins[i - 2];
    const double minBucket = numOf(o.batch) * 10;
    for (double& b : bins) b += minBucket;
    std::vector<std::string> stats{"samplespct-min," + stringify(bins[0])};
    for (int i = 1; i < kBins; ++i) stats.push_back("samplespct-" + stringify(bins[i - 1]) + "," + stringify(bins[i]));
    return stats;
}

}  // namespace

std::vector<std::string> latencyStats(const std::string& subHeading) {
    return summaryStats(subHeading, kSubclassMinLatency);
}
std::vector<std::string> genericLatencyStats(const std::string& subHeading) {
    return summaryStats(subHeading, kGenericMinLatency);
}

MonitorRun parseReadLatencyMonitor(const std::vector<std::filesystem::path>& d, const MonitorRequest& r, MonitorSession&) {
    return parseLatency(d, r, "read-latency");
}
MonitorRun parseWriteLatencyMonitor(const std::vector<std::filesystem::path>& d, const MonitorRequest& r, MonitorSession&) {
    return parseLatency(d, r, "write-latency");
}
// MonitorLatency used directly has no _Heading: its log is iter-N/-BENCH.
MonitorRun parseGenericLatencyMonitor(const std::vector<std::filesystem::path>& d, const MonitorRequest& r,
                                      MonitorSession&) {
    return parseLatency(d, r, "");
}
MonitorRun parseSyncLatencyMonitor(const std::vector<std::filesystem::path>& d, const MonitorRequest& r, MonitorSession&) {
    return parseLatency(d, r, "sync-latency");
}

}  // namespace mmtp::compare
