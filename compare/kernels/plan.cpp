#include "kernels/plan.hpp"

#include "input/log_files.hpp"


namespace fs = std::filesystem;

namespace mmtp::compare {

namespace {

PlanStep line(std::string text) { return {PlanStep::Kind::Line, std::move(text), "", std::nullopt, std::nullopt, false}; }

PlanStep monitor(std::string name, std::optional<std::string> sub = std::nullopt) {
    return {PlanStep::Kind::Table, "", "", std::move(sub), std::move(name), true};
}

bool startsWith(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

// have_monitor_results: `ls RUN/iter-*/MONITOR-*`.
bool haveMonitorResults(const fs::path& logDir, const std::string& run, const std::string& monitorName) {
    for (const std::string& iter : listDirectory(logDir / run)) {
        if (!startsWith(iter, "iter-")) continue;
        for (const std::string& f : listDirectory(logDir / run / iter))
            if (startsWith(f, monitorName + "-")) return true;
    }
    return false;
}

}  // namespace

std::vector<PlanStep> monitorSteps(const fs::path& logDir, const std::string& base) {
    std::vector<PlanStep> s = {monitor("duration"), line(""), monitor("mmtests-vmstat"), line(""),
                               monitor("mmtests-schedstat")};
    if (haveMonitorResults(logDir, base, "turbostat")) s.push_back(monitor("turbostat"));
    if (haveMonitorResults(logDir, base, "perf-time-stat")) s.push_back(monitor("perf-time-stat"));
    if (haveMonitorResults(logDir, base, "iostat")) {
        PlanStep io = monitor("iostat");
        io.kind = PlanStep::Kind::IostatTable;  // printed only when its 2nd row's first value is above 5
        s.push_back(io);
    }
    if (haveMonitorResults(logDir, base, "kcache-slabs"))
        s.insert(s.end(), {line(""), line("Kcache activity"), monitor("kcacheslabs")});
    // The ftrace tables need INCLUDE_FTRACE=yes, which compare-kernels.sh never sets.
    for (const char* lat : {"read-latency", "write-latency", "sync-latency"}) {
        bool present = false;
        for (const std::string& f : listDirectory(logDir))
            if (startsWith(f, std::string(lat) + "-" + base + "-")) present = true;
        if (present) s.insert(s.end(), {monitor(lat), line(""), monitor(lat, "breakdown=100")});
    }
    return s;
}

std::string describeStep(const PlanStep& step) {
    std::string d;
    if (step.monitor) d += "--print-monitor " + *step.monitor;
    if (!step.alt.empty()) d += std::string(d.empty() ? "" : " ") + "-a " + step.alt;
    if (step.subHeading) d += std::string(d.empty() ? "" : " ") + "--sub-heading " + *step.subHeading;
    return d.empty() ? "table" : d;
}

}  // namespace mmtp::compare
