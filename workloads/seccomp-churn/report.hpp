// report.hpp - the two files one run writes:
//   stressng-<CLIENTS>-<ITER>.log   stress-ng 0.15 --metrics-brief, byte-for-byte
//                                   layout, so MMTests' stressng parser and LKP's
//                                   stress-ng parser read it unchanged;
//   seccomp-churn-<CLIENTS>-<ITER>.extra   "key value" lines: the preset and its
//                                   settings (the log's stressor is always
//                                   "seccomp"), filters per op and the
//                                   seccomp() attach-latency distribution.
#pragma once
#include "common/latency_summary.hpp"
#include "common/metrics_brief.hpp"

#include <cstdint>
#include <string>

namespace mmtp::seccompchurn {

// The log itself is common's (stress-ng's layout); the stressor is "seccomp".
using ::mmtp::MetricsBrief;
using ::mmtp::durationText;
using ::mmtp::formatMetricsBrief;

struct ExtraMetrics {
    std::string preset, stressor;
    std::string presetDescription;   // presetDescription(): the preset and its settings
    bool specAllow = false;
    unsigned instances = 1;
    std::uint64_t ops = 0, filtersAttached = 0, attachCalls = 0, samplesDropped = 0;
    LatencySummary attach;       // microseconds
    std::string childIbSpeculation;  // empty unless the children verified
};

std::string formatExtra(const ExtraMetrics& e);

std::string logName(unsigned clients, unsigned iteration);
std::string extraName(unsigned clients, unsigned iteration);

}  // namespace mmtp::seccompchurn
