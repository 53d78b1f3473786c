#include "seccomp-churn/metrics_log.hpp"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>

namespace mmtp::seccompchurn {
namespace {

__attribute__((format(printf, 1, 2))) std::string fmt(const char* f, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, f);
    std::vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

}  // namespace

std::string durationText(unsigned seconds) {
    std::string s = std::to_string(seconds) + " second";
    if (seconds <= 60) return s;
    const unsigned days = seconds / 86400, hours = seconds / 3600 % 24, mins = seconds / 60 % 60;
    std::string parts;
    auto add = [&parts](unsigned v, const char* unit) {
        if (v) parts += std::to_string(v) + " " + unit + (v > 1 ? "s" : "") + ", ";
    };
    add(days, "day");
    add(hours, "hour");
    add(mins, "min");
    return s + " (" + parts + fmt("%.2f secs", static_cast<double>(seconds % 60)) + ")";
}

std::string formatMetricsBrief(const MetricsBrief& m) {
    const std::string info = fmt("stress-ng: info:  [%d] ", m.pid);
    const std::string metrc = fmt("stress-ng: metrc: [%d] ", m.pid);
    std::string out;
    if (!m.note.empty()) out += info + m.note + "\n";
    out += info + "setting to a " + durationText(m.runtimeSec) + " run per stressor\n";
    out += info + fmt("dispatching hogs: %u %s\n", m.instances, m.stressor.c_str());
    out += metrc + fmt("%-13s %9.9s %9.9s %9.9s %9.9s %12s %14s\n", "stressor", "bogo ops",
                       "real time", "usr time", "sys time", "bogo ops/s", "bogo ops/s");
    out += metrc + fmt("%-13s %9.9s %9.9s %9.9s %9.9s %12s %14s\n", "", "", "(secs) ", "(secs) ",
                       "(secs) ", "(real time)", "(usr+sys time)");
    const double cpu = m.usrTime + m.sysTime;
    const double rateReal = m.realTime > 0 ? static_cast<double>(m.ops) / m.realTime : 0.0;
    const double rateCpu = cpu > 0 ? static_cast<double>(m.ops) / cpu : 0.0;
    out += metrc + fmt("%-13s %9" PRIu64 " %9.2f %9.2f %9.2f %12.2f %14.2f\n", m.stressor.c_str(),
                       m.ops, m.realTime, m.usrTime, m.sysTime, rateReal, rateCpu);
    out += info + fmt("successful run completed in %.2fs\n", m.wallTime);
    return out;
}

std::string formatExtra(const ExtraMetrics& e) {
    const double ops = e.ops ? static_cast<double>(e.ops) : 1.0;
    std::string out = "# seccomp-churn: filters attached per bogo-op and the latency of each\n"
                      "# successful seccomp(SECCOMP_SET_MODE_FILTER) call (libseccomp preset:\n"
                      "# the whole seccomp_load()), in microseconds, nearest-rank percentiles\n";
    out += "preset " + e.preset + "\n";
    out += "stressor " + e.stressor + "\n";
    out += std::string("spec-allow ") + (e.specAllow ? "yes" : "no") + "\n";
    out += "child-ib-speculation " + (e.childIbSpeculation.empty() ? std::string("unknown (run with --verify yes)") : e.childIbSpeculation) + "\n";
    out += fmt("instances %u\n", e.instances);
    out += fmt("bogo-ops %" PRIu64 "\n", e.ops);
    out += fmt("filters-attached %" PRIu64 "\n", e.filtersAttached);
    out += fmt("filters-per-op %.2f\n", static_cast<double>(e.filtersAttached) / ops);
    out += fmt("attach-calls-per-op %.2f\n", static_cast<double>(e.attachCalls) / ops);
    out += fmt("attach-samples %zu\n", e.attach.count);
    out += fmt("attach-samples-dropped %" PRIu64 "\n", e.samplesDropped);
    const LatencySummary& a = e.attach;
    out += fmt("attach-min-usecs %.3f\n", a.min);
    out += fmt("attach-mean-usecs %.3f\n", a.mean);
    out += fmt("attach-stddev-usecs %.3f\n", a.stddev);
    out += fmt("attach-p50-usecs %.3f\n", a.p50);
    out += fmt("attach-p95-usecs %.3f\n", a.p95);
    out += fmt("attach-p99-usecs %.3f\n", a.p99);
    out += fmt("attach-p999-usecs %.3f\n", a.p999);
    out += fmt("attach-max-usecs %.3f\n", a.max);
    return out;
}

std::string logName(unsigned clients, unsigned iteration) {
    return "stressng-" + std::to_string(clients) + "-" + std::to_string(iteration) + ".log";
}

std::string extraName(unsigned clients, unsigned iteration) {
    return "seccomp-churn-" + std::to_string(clients) + "-" + std::to_string(iteration) + ".extra";
}

}  // namespace mmtp::seccompchurn
