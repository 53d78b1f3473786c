// ftrace_events.hpp - MonitorFtrace.pm's extractReport: the one
// reader of ftrace-BENCH (trace_pipe text) that every Monitorftrace* module
// shares. It hands each trace event line over as the module's
// ftraceCallback gets it.
#pragma once
#include "monitors/monitors.hpp"

#include <filesystem>
#include <functional>
#include <string>

namespace mmtp::compare {

struct FtraceEvent {
    double timestampMs;      // timestamp_to_ms: sec * 1000 + usec / 1000
    std::string pid;
    std::string process;     // from the line, else the last name seen for pid, else UNKNOWN
    std::string tracepoint;
    std::string details;
};

// What MonitorFtrace keeps in the module object across a run's iterations.
struct FtraceRunState {
    double startTimestampMs = 0;  // _StartTimestampMs (undef reads as 0)
};

// One iteration: a ftrace-BENCH.start beside the log resets the start to 0
// (MMTests means to read it but reads an unopened handle); lines that are
// not trace events are skipped (MMTests prints "WARNING: LINE" for them on
// stdout, which we do not reproduce). A missing log dies, as eof() on
// MMTests' undef handle does. init runs after the log is opened and before
// the first event, as ftraceInit does.
void readFtraceEvents(const std::filesystem::path& iterDir, const std::string& bench, MonitorSession& session,
                      FtraceRunState& state, const std::function<void()>& init,
                      const std::function<void(const FtraceEvent&)>& use);

// The latency modules' --sub-heading process filters (kswapd, khugepaged,
// no-kswapd, kswapd-kcompactd, no-kswapd-kcompactd-khugepaged): true when
// the event's process is left out.
bool ftraceProcessFiltered(const std::string& subHeading, const std::string& process);

}  // namespace mmtp::compare
