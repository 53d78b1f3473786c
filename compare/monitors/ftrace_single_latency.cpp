// MonitorFtracesinglelatency.pm's subclasses (ftracebalancedirtypagesstall,
// ftracecongestionwaitstall, ftracewaitiffcongestedstall): one event that
// carries its own delay in a "name=value" field, kept as "latency" (times
// the jiffie multiplier) when above the threshold, sampled at seconds since
// the first such event.
#include "monitors/ftrace_events.hpp"
#include "monitors/framing.hpp"
#include "monitors/text.hpp"

#include <regex>

namespace mmtp::compare {

namespace {

struct SingleEvent {
    const char* tracepoint;
    const char* regex;   // the default (MMTests reads the kernel's format only from debugfs)
    long delayField;     // add_regex's field number, 1-based
    double threshold;    // set_delay_threshold
    double multiplier;   // set_jiffie_multiplier
};

MonitorRun parseSingleLatency(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                              MonitorSession& session, const SingleEvent& watch) {
    const std::regex regex(watch.regex);
    FtraceRunState state;
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        readFtraceEvents(iterDir, r.benchmark, session, state, [] {}, [&](const FtraceEvent& e) {
            if (ftraceProcessFiltered(r.subHeading, e.process)) return;
            if (e.tracepoint != watch.tracepoint) return;
            // MMTests prints a WARNING (on stdout) for an event it cannot parse.
            if (!std::regex_search(e.details, regex)) return;
            std::string field = rowText(fieldAt(splitBlankRuns(e.details), watch.delayField - 1));
            if (std::size_t eq = field.rfind('='); eq != std::string::npos) field.erase(0, eq + 1);
            const double delayed = numOf(field) * watch.multiplier;
            if (state.startTimestampMs == 0) state.startTimestampMs = e.timestampMs;
            if (delayed > watch.threshold)
                rows.push_back(monitorRow("latency", (e.timestampMs - state.startTimestampMs) / 1000, exactText(delayed)));
        });
    });
}

}  // namespace

std::vector<std::string> ftraceBalanceDirtyPagesStats(const std::string&) {
    return {"min",          "percentile-25",  "percentile-50",   "percentile-75",     "percentile-1",
            "percentile-5", "percentile-10",  "percentile-90",   "percentile-95",     "percentile-99",
            "max",          "_mean",          "samples",         "samples-0,5",       "samples-5,10",
            "samples-10,20", "samples-20,30", "samples-30,35",   "samples-35,40",     "samples-40,50",
            "samples-50,60", "samples-60,100", "samples-100,500", "samples-500,1000", "samples-1000,5000",
            "samples-5000,max"};
}

MonitorRun parseFtraceBalanceDirtyPagesStallMonitor(const std::vector<std::filesystem::path>& d,
                                                    const MonitorRequest& r, MonitorSession& s) {
    // pause= is field 13, in jiffies (MMTests assumes HZ=250).
    return parseSingleLatency(
        d, r, s,
        {"balance_dirty_pages",
         "bdi ([a-zA-Z0-9:/]*) limit=([0-9]*) setpoint=([0-9]*) dirty=([0-9]*) bdi_setpoint=([0-9]*) "
         "bdi_dirty=([0-9]*) dirty_ratelimit=([0-9]*) task_ratelimit=([0-9]*) dirtied=([0-9]*) "
         "dirtied_pause=([0-9]*) paused=([0-9]*) pause=([0-9-]*) period=([0-9]*) think=([0-9-]*) "
         "cgroup_ino=([0-9]*)",
         13, 0, 4});
}

MonitorRun parseFtraceCongestionWaitStallMonitor(const std::vector<std::filesystem::path>& d,
                                                 const MonitorRequest& r, MonitorSession& s) {
    return parseSingleLatency(d, r, s,
                              {"writeback_congestion_wait", "usec_timeout=([0-9]*) usec_delayed=([0-9]*)", 2, 0, 1});
}

MonitorRun parseFtraceWaitIffCongestedStallMonitor(const std::vector<std::filesystem::path>& d,
                                                   const MonitorRequest& r, MonitorSession& s) {
    return parseSingleLatency(
        d, r, s, {"writeback_wait_iff_congested", "usec_timeout=([0-9]*) usec_delayed=([0-9]*)", 2, 0, 1});
}

}  // namespace mmtp::compare
