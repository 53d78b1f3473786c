#include "redis-zpopmin/report.hpp"

#include "base/text_format.hpp"

namespace mmtp::rediszpopmin {

std::string csvHeader() {
    return "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\","
           "\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"\n";
}

std::string csvRow(const TestOutcome& t, RpsClock clock) {
    const LatencyHistogram& h = *t.histogram;
    // The same single-precision steps as showLatencyReport().
    const float reqpersec = t.rps(clock);
    const float p0 = static_cast<float>(h.minUs()) / 1000.0f;
    const float p50 = static_cast<float>(h.percentileUs(50.0)) / 1000.0f;
    const float p95 = static_cast<float>(h.percentileUs(95.0)) / 1000.0f;
    const float p99 = static_cast<float>(h.percentileUs(99.0)) / 1000.0f;
    const float p100 = static_cast<float>(h.maxUs()) / 1000.0f;
    const float avg = static_cast<float>(h.meanUs() / 1000.0f);
    return formatText("\"%s\",\"%.2f\",\"%.3f\",\"%.3f\",\"%.3f\",\"%.3f\",\"%.3f\",\"%.3f\"\n",
                  t.title.c_str(), static_cast<double>(reqpersec), static_cast<double>(avg),
                  static_cast<double>(p0), static_cast<double>(p50), static_cast<double>(p95),
                  static_cast<double>(p99), static_cast<double>(p100));
}

std::string repliesHeader() {
    return "test\treplies\treal\tempty\terrors\trequests_finished\telapsed_us\tprecise_rps\t"
           "real_rps\tzcard_before\tzcard_after\n";
}

std::string repliesRow(const RepliesRow& r) {
    const TestOutcome& t = *r.outcome;
    auto opt = [](const std::optional<long long>& v) { return v ? std::to_string(*v) : std::string("-"); };
    double realRps = t.replies.total() > 0
                         ? t.preciseRps() * double(t.replies.real) / double(t.replies.total())
                         : 0.0;
    return formatText("%s\t%llu\t%llu\t%llu\t%llu\t%lld\t%lld\t%.2f\t%.2f\t%s\t%s\n",
                  t.title.c_str(), static_cast<unsigned long long>(t.replies.total()),
                  static_cast<unsigned long long>(t.replies.real),
                  static_cast<unsigned long long>(t.replies.empty),
                  static_cast<unsigned long long>(t.replies.errors),
                  static_cast<long long>(t.requestsFinished), static_cast<long long>(t.elapsedUs),
                  t.preciseRps(), realRps, opt(r.zcardBefore).c_str(), opt(r.zcardAfter).c_str());
}

std::string csvLogName(int clients, int iteration) {
    return "redis-" + std::to_string(clients) + "-" + std::to_string(iteration) + ".log";
}

std::string repliesLogName(int clients, int iteration) {
    return "replies-" + std::to_string(clients) + "-" + std::to_string(iteration) + ".log";
}

}  // namespace mmtp::rediszpopmin
