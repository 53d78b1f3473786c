#include "monitors/monitors.hpp"

#include <array>
#include <cctype>

namespace mmtp::compare {

namespace {

using enum SummaryType;

// Keyed by MMTests' module name (Monitor<Key>.pm); widths, preferences and
// sub-heading matching as each module's new()/initialise() sets them.
// write-latency, inboxopen and mmap-access-latency are MonitorReadlatency
// subclasses without their own new(), so they read read-latency logs.
struct Entry {
    std::string_view module;
    MonitorSpec spec;
};
const std::array kMonitors{
    Entry{"Duration", {"duration", Singleops, 18, false, false, "Duration", nullptr, {}, parseDurationMonitor}},
    Entry{"Vmstat", {"vmstat", Monitor, 18, false, true, "Ops", nullptr, {}, parseVmstatMonitor}},
    Entry{"Procvmstat", {"proc-vmstat", Monitor, 18, false, true, "Ops", nullptr, {}, parseProcVmstatMonitor}},
    Entry{"Top", {"top", Monitor, 18, false, false, "Ops", nullptr, {}, parseTopMonitor}},
    Entry{"Perftimestat", {"perf-time-stat", Monitor, 18, false, true, "Ops", nullptr, {}, parsePerfTimeStatMonitor}},
    Entry{"Iostat", {"iostat", Monitor, 18, false, true, "Ops", nullptr, {}, parseIostatMonitor}},
    Entry{"Procinterrupts",
          {"proc-interrupts", Multiops, 24, true, false, "Ops", nullptr, {}, parseProcInterruptsMonitor}},
    Entry{"Readlatency",
          {"read-latency", Monitor, 18, false, false, "Ops", latencyStats, {"percentile-95"}, parseReadLatencyMonitor}},
    Entry{"Writelatency",
          {"write-latency", Monitor, 18, false, false, "Ops", latencyStats, {"percentile-95"}, parseReadLatencyMonitor}},
    Entry{"Inboxopen",
          {"inboxopen", Monitor, 18, false, false, "Ops", latencyStats, {"percentile-95"}, parseReadLatencyMonitor}},
    Entry{"Mmapaccesslatency", {"mmap-access-latency", Monitor, 18, false, false, "Ops", latencyStats,
                                {"percentile-95"}, parseReadLatencyMonitor}},
    Entry{"Synclatency",
          {"sync-latency", Monitor, 18, false, false, "Ops", latencyStats, {"percentile-95"}, parseSyncLatencyMonitor}},
    Entry{"Syscalls", {"syscalls", Monitor, 18, false, false, "Ops", nullptr, {}, parseSyscallsMonitor}},
    Entry{"Mpstat", {"mpstat", Monitor, 18, false, false, "Ops", nullptr, {}, parseMpstatMonitor}},
    Entry{"Mmtestsvmstat",
          {"mmtests-vmstat", Singleops, 15, false, false, "Ops", nullptr, {}, parseMmtestsVmstatMonitor}},
    Entry{"Mmtestsschedstat",
          {"mmtests-schedstat", Singleops, 15, false, false, "Ops", nullptr, {}, parseMmtestsSchedstatMonitor}},
    Entry{"Procschedstat",
          {"proc-schedstat", Monitor, 18, false, true, "Ops", nullptr, {}, parseProcSchedstatMonitor}},
    Entry{"Procnetdev", {"proc-net-dev", Monitor, 18, false, false, "Ops", nullptr, {}, parseProcNetDevMonitor}},
    Entry{"Numanodeusage",
          {"numanodeusage", Monitor, 18, false, false, "Ops", nullptr, {}, parseNumaNodeUsageMonitor}},
    Entry{"Numaconvergence",
          {"numaconvergence", Monitor, 18, false, false, "Ops", nullptr, {}, parseNumaConvergenceMonitor}},
    Entry{"Turbostat", {"turbostat", Monitor, 18, false, true, "Ops", nullptr, {}, parseTurbostatMonitor}},
    Entry{"Kcacheslabs",
          {"kcacheslabs", Multiops, 24, true, false, "Ops", nullptr, {}, parseKcacheSlabsMonitor}},
    Entry{"Kcache", {"kcache", Multiops, 24, true, false, "Ops", nullptr, {}, parseKcacheMonitor}},
    Entry{"Iotop", {"iotop", Monitor, 25, false, false, "Ops", nullptr, {}, parseIotopMonitor, false}},
    // MonitorLatency itself: no _Heading, so it reads iter-N/-BENCH.
    Entry{"Latency",
          {"latency", Monitor, 16, false, false, "Ops", genericLatencyStats, {"percentile-95"}, parseGenericLatencyMonitor}},
    // MonitorFtrace.pm and the pair-latency subclasses: 16 wide.
    Entry{"Ftrace", {"ftrace", Monitor, 16, false, false, "Ops", nullptr, {}, parseFtraceMonitor}},
    Entry{"Ftraceallocstall", {"ftraceallocstall", Monitor, 16, false, false, "Ops", ftracePairLatencyStats,
                               {"percentile-95"}, parseFtraceAllocStallMonitor}},
    Entry{"Ftracecompactstall", {"ftracecompactstall", Monitor, 16, false, false, "Ops", ftracePairLatencyStats,
                                 {"percentile-95"}, parseFtraceCompactStallMonitor}},
    Entry{"Ftraceshrinkerstall", {"ftraceshrinkerstall", Monitor, 16, false, false, "Ops", ftracePairLatencyStats,
                                  {"percentile-95"}, parseFtraceShrinkerStallMonitor}},
    Entry{"Ftracebalancedirtypagesstall",
          {"ftracebalancedirtypagesstall", Monitor, 16, false, false, "Ops", ftraceBalanceDirtyPagesStats,
           {"percentile-95"}, parseFtraceBalanceDirtyPagesStallMonitor}},
    Entry{"Ftracecongestionwaitstall", {"ftracecongestionwaitstall", Monitor, 16, false, false, "Ops",
                                        ftracePairLatencyStats, {"percentile-95"}, parseFtraceCongestionWaitStallMonitor}},
    Entry{"Ftracewaitiffcongestedstall",
          {"ftracewaitiffcongestedstall", Monitor, 16, false, false, "Ops", ftracePairLatencyStats, {"percentile-95"},
           parseFtraceWaitIffCongestedStallMonitor}},
    Entry{"Ftracepairlatency", {"ftracepairlatency", Monitor, 16, false, false, "Ops", ftracePairLatencyStats,
                                {"percentile-95"}, parseFtraceWithoutReportMonitor}},
    Entry{"Ftracesinglelatency", {"ftracesinglelatency", Monitor, 16, false, false, "Ops", ftracePairLatencyStats,
                                  {"percentile-95"}, parseFtraceWithoutReportMonitor}},
};

}  // namespace

const MonitorSpec* findMonitor(std::string_view name) {
    // ExtractFactory: ucfirst, then every '-' removed.
    std::string key;
    for (char c : name)
        if (c != '-') key += c;
    if (!key.empty()) key[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(key[0])));
    for (const Entry& e : kMonitors)
        if (e.module == key) return &e.spec;
    return nullptr;
}

std::string supportedMonitors() {
    std::string out;
    for (const Entry& e : kMonitors) out += (out.empty() ? "" : ", ") + std::string(e.spec.name);
    return out;
}

}  // namespace mmtp::compare
