// metrics_brief.hpp - stress-ng 0.15's --metrics-brief log, byte for byte
// (stress-ng.c stress_metrics_dump), for the workloads that stand in for a
// stress-ng stressor (seccomp-churn, syscall-null), so MMTests' stressng
// parser and LKP's stress-ng parser read their logs unchanged.
#pragma once
#include <cstdint>
#include <string>

namespace mmtp {

struct MetricsBrief {
    int pid = 0;                 // the [pid] stress-ng prints on every line
    std::string stressor;
    std::string note;            // one extra info line before the header (may be empty)
    unsigned instances = 1;
    unsigned runtimeSec = 60;
    std::uint64_t ops = 0;
    double realTime = 0, usrTime = 0, sysTime = 0, wallTime = 0;
};

// stress-ng's duration text: "2 second", "90 second (1 min, 30.00 secs)".
std::string durationText(unsigned seconds);

std::string formatMetricsBrief(const MetricsBrief& m);

}  // namespace mmtp
