#include "seccomp-churn/report.hpp"

#include "base/text_format.hpp"

#include <cinttypes>

namespace mmtp::seccompchurn {

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
