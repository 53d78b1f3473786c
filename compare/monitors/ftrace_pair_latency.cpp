// MonitorFtracepairlatency.pm and its subclasses (ftraceallocstall,
// ftracecompactstall, ftraceshrinkerstall): the time from a start event to
// the same process's end event, as "delay" (ms) sampled at the start's
// seconds since the first start; summarised by percentiles and sample
// counts. Also MonitorFtrace.pm itself, which always dies (no ftraceInit),
// and the base latency modules, which die after reading (no ftraceReport).
#include "monitors/ftrace_events.hpp"
#include "monitors/framing.hpp"
#include "monitors/text.hpp"

#include <map>
#include <regex>

namespace mmtp::compare {

namespace {

struct PairEvents {
    const char* start;
    const char* startRegex;  // the default (MMTests reads the kernel's format only from debugfs)
    const char* end;
    double delayThreshold;   // set_delay_threshold; -1 keeps every stall
    // Text any match of startRegex holds: checked first, as std::regex takes
    // quadratic time on a long run of the shrinker regex's first class.
    const char* startNeeds = "";
};

MonitorRun parsePairLatency(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                            MonitorSession& session, const PairEvents& events) {
    const std::regex startRegex(events.startRegex);
    FtraceRunState state;
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        std::map<std::string, double> started;  // %latencyState, per "pid-process"
        auto init = [&] { started.clear(); };
        readFtraceEvents(iterDir, r.benchmark, session, state, init, [&](const FtraceEvent& e) {
            if (ftraceProcessFiltered(r.subHeading, e.process)) return;
            const std::string key = e.pid + "-" + e.process;
            if (e.tracepoint == events.start) {
                // MMTests prints a WARNING (on stdout) for a start it cannot parse.
                if (e.details.find(events.startNeeds) == std::string::npos ||
                    !std::regex_search(e.details, startRegex))
                    return;
                started[key] = e.timestampMs;
                if (state.startTimestampMs == 0) state.startTimestampMs = e.timestampMs;
            } else if (e.tracepoint == events.end) {
                auto s = started.find(key);
                if (s != started.end() && s->second != 0) {
                    double delayed = e.timestampMs - s->second;
                    if (delayed > events.delayThreshold)
                        rows.push_back(monitorRow("delay", (s->second - state.startTimestampMs) / 1000,
                                                  exactText(delayed)));
                }
                started[key] = 0;
            }
        });
    });
}

}  // namespace

// MonitorFtracepairlatency's and MonitorFtracesinglelatency's summary.
std::vector<std::string> ftracePairLatencyStats(const std::string&) {
    return {"min",          "percentile-25",   "percentile-50",     "percentile-75",  "percentile-1",
            "percentile-5", "percentile-10",   "percentile-90",     "percentile-95",  "percentile-99",
            "max",          "_mean",           "samples",           "samples-0,5",    "samples-5,10",
            "samples-10,100", "samples-100,500", "samples-500,1000", "samples-1000,5000", "samples-5000,max"};
}

MonitorRun parseFtraceMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&) {
    throw MonitorDied("Can't locate object method \"ftraceInit\" via package \"MMTests::MonitorFtrace\"");
}

// MonitorFtracepairlatency and MonitorFtracesinglelatency used directly
// read the log but have no ftraceReport to call after it: every run dies.
MonitorRun parseFtraceWithoutReportMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&,
                                           MonitorSession&) {
    throw MonitorDied("Can't locate object method \"ftraceReport\" (MMTests' base latency modules have none)");
}

MonitorRun parseFtraceAllocStallMonitor(const std::vector<std::filesystem::path>& d, const MonitorRequest& r,
                                        MonitorSession& s) {
    return parsePairLatency(d, r, s,
                            {"mm_vmscan_direct_reclaim_begin",
                             "order=([0-9]*) may_writepage=([0-9]*) gfp_flags=([A-Z_|]+)",
                             "mm_vmscan_direct_reclaim_end", -1});
}

MonitorRun parseFtraceCompactStallMonitor(const std::vector<std::filesystem::path>& d, const MonitorRequest& r,
                                          MonitorSession& s) {
    return parsePairLatency(d, r, s,
                            {"mm_compaction_begin",
                             "zone_start=([0-9a-fx]*) migrate_pfn=([0-9a-fx]*) free_pfn=([0-9a-fx]*) "
                             "zone_end=([0-9a-fx]*)",
                             "mm_compaction_end", -1});
}

MonitorRun parseFtraceShrinkerStallMonitor(const std::vector<std::filesystem::path>& d, const MonitorRequest& r,
                                           MonitorSession& s) {
    return parsePairLatency(
        d, r, s,
        {"mm_shrink_slab_start",
         R"(([0-9a-z+_/]+) (?:\[[A-Za-z0-9_-]+\] )?([0-9a-fx]+): nid: ([0-9]*) objects to shrink ([0-9]*) gfp_flags ([A-Z0-9x|_]+) pgs_scanned ([0-9]*) lru_pgs ([0-9]*) cache items ([0-9]*) delta ([0-9]*) total_scan ([0-9]*))",
         "mm_shrink_slab_end", 0.05, ": nid: "});
}

}  // namespace mmtp::compare
