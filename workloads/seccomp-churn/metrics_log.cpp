#include "seccomp-churn/metrics_log.hpp"

#include "base/text_format.hpp"

#include <cinttypes>

namespace mmtp::seccompchurn {

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
    return s + " (" + parts + formatText("%.2f secs", static_cast<double>(seconds % 60)) + ")";
}

std::string formatMetricsBrief(const MetricsBrief& m) {
    const std::string info = formatText("stress-ng: info:  [%d] ", m.pid);
    const std::string metrc = formatText("stress-ng: metrc: [%d] ", m.pid);
    std::string out;
    if (!m.note.empty()) out += info + m.note + "\n";
    out += info + "setting to a " + durationText(m.runtimeSec) + " run per stressor\n";
    out += info + formatText("dispatching hogs: %u %s\n", m.instances, m.stressor.c_str());
    out += metrc + formatText("%-13s %9.9s %9.9s %9.9s %9.9s %12s %14s\n", "stressor", "bogo ops",
                       "real time", "usr time", "sys time", "bogo ops/s", "bogo ops/s");
    out += metrc + formatText("%-13s %9.9s %9.9s %9.9s %9.9s %12s %14s\n", "", "", "(secs) ", "(secs) ",
                       "(secs) ", "(real time)", "(usr+sys time)");
    const double cpu = m.usrTime + m.sysTime;
    const double rateReal = m.realTime > 0 ? static_cast<double>(m.ops) / m.realTime : 0.0;
    const double rateCpu = cpu > 0 ? static_cast<double>(m.ops) / cpu : 0.0;
    out += metrc + formatText("%-13s %9" PRIu64 " %9.2f %9.2f %9.2f %12.2f %14.2f\n", m.stressor.c_str(),
                       m.ops, m.realTime, m.usrTime, m.sysTime, rateReal, rateCpu);
    out += info + formatText("successful run completed in %.2fs\n", m.wallTime);
    return out;
}

std::string formatExtra(const ExtraMetrics& e) {
    const double ops = e.ops ? static_cast<double>(e.ops) : 1.0;
    std::string out = "# seccomp-churn: filters attached per bogo-op and the latency of each\n"
                      "# successful seccomp(SECCOMP_SET_MODE_FILTER) call (libseccomp preset:\n"
                      "# the whole seccomp_load()), in microseconds, nearest-rank percentiles\n";
    out += "preset " + e.preset + "\n";
    out += "preset-settings " + e.presetDescription + "\n";
    out += "stressor " + e.stressor + "\n";
    out += std::string("spec-allow ") + (e.specAllow ? "yes" : "no") + "\n";
    out += "child-ib-speculation " + (e.childIbSpeculation.empty() ? std::string("unknown (run with --verify yes)") : e.childIbSpeculation) + "\n";
    out += formatText("instances %u\n", e.instances);
    out += formatText("bogo-ops %" PRIu64 "\n", e.ops);
    out += formatText("filters-attached %" PRIu64 "\n", e.filtersAttached);
    out += formatText("filters-per-op %.2f\n", static_cast<double>(e.filtersAttached) / ops);
    out += formatText("attach-calls-per-op %.2f\n", static_cast<double>(e.attachCalls) / ops);
    out += formatText("attach-samples %zu\n", e.attach.count);
    out += formatText("attach-samples-dropped %" PRIu64 "\n", e.samplesDropped);
    const LatencySummary& a = e.attach;
    out += formatText("attach-min-usecs %.3f\n", a.min);
    out += formatText("attach-mean-usecs %.3f\n", a.mean);
    out += formatText("attach-stddev-usecs %.3f\n", a.stddev);
    out += formatText("attach-p50-usecs %.3f\n", a.p50);
    out += formatText("attach-p95-usecs %.3f\n", a.p95);
    out += formatText("attach-p99-usecs %.3f\n", a.p99);
    out += formatText("attach-p999-usecs %.3f\n", a.p999);
    out += formatText("attach-max-usecs %.3f\n", a.max);
    return out;
}

std::string logName(unsigned clients, unsigned iteration) {
    return "stressng-" + std::to_string(clients) + "-" + std::to_string(iteration) + ".log";
}

std::string extraName(unsigned clients, unsigned iteration) {
    return "seccomp-churn-" + std::to_string(clients) + "-" + std::to_string(iteration) + ".extra";
}

}  // namespace mmtp::seccompchurn
