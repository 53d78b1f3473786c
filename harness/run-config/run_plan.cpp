#include "run-config/run_plan.hpp"

#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "run-config/monitor_catalog.hpp"
#include "run-config/run_tree.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace mmtp::runconfig {

namespace {

std::string value(const std::map<std::string, std::string>& env, const std::string& name) {
    auto it = env.find(name);
    return it == env.end() ? std::string() : it->second;
}

int positiveInt(const std::map<std::string, std::string>& env, const std::string& name, int fallback) {
    std::string v = value(env, name);
    if (v.empty()) return fallback;
    if (v.find_first_not_of("0123456789") != std::string::npos || v.size() > 6 || std::stoi(v) < 1)
        throw UsageError(name + "='" + v + "': expected a whole number >= 1");
    return std::stoi(v);
}

// Each benchmark logs into ITER/BENCH/logs, as run-mmtests.sh's
// $SHELLPACK_LOG/$TEST: a name listed twice would run twice into the same
// directory and the second run would replace the first's logs.
void refuseRepeatedBenches(const std::vector<std::string>& benches, const std::string& text) {
    for (std::size_t i = 0; i < benches.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (benches[i] == benches[j])
                throw UsageError("MMTESTS='" + text + "' lists " + benches[i] +
                                 " twice: both runs would log into ITER/" + benches[i] +
                                 "/logs and the second would replace the first's logs (list it once)");
}

// Run-config's own cost per iteration and per benchmark, measured on a
// 2-CPU VM (2026-12-02: three iterations of a 1 s benchmark, wall time
// minus the benchmarks' elapsed): the system-state commands, 0.15 s per
// iteration without monitors; and per benchmark with monitors (vmstat,
// iostat, mpstat, top, proc-vmstat), 5.0 s, mostly monitors.sh's settle.
constexpr double kSystemStateSeconds = 0.2;
constexpr double kMonitorSettleSeconds = 5.0;

// "(measured: mean of 3 earlier iterations with these settings, in work/log/a, b)"
std::string measuredFrom(const PastDurations& past) {
    constexpr std::size_t kRunsNamed = 4;
    const std::size_t n = past.seconds.size();
    std::string text = n == 1 ? std::string("(measured: 1 earlier iteration")
                              : "(measured: mean of " + std::to_string(n) + " earlier iterations";
    // The names are whatever anyone who can write the log dir made them (ESC, OSC 52).
    text += " with these settings, in " + escapeControls(past.logDir.string()) + "/";
    for (std::size_t i = 0; i < past.runs.size() && i < kRunsNamed; ++i)
        text += (i ? ", " : "") + escapeControls(past.runs[i]);
    if (past.runs.size() > kRunsNamed) text += " and " + std::to_string(past.runs.size() - kRunsNamed) + " more";
    return text + ")";
}

}  // namespace

// MonitorVmstat.pm takes a line's fields from after its "--" (the prefix
// latency-output writes), else from the whole line, split on /\s+/: a line
// that starts with a blank (vmstat right-aligns r, so every line while r <
// 10) then has an empty field 0 and every column reads its left
// neighbour's. compare-mmtests.pl and our MMTests tables print that as it is.
std::string vmstatWithoutTimestamps(const std::string& var) {
    return "run-config: warning: vmstat in " + var +
           " is logged without latency-output's timestamps; MMTests' vmstat parser (MonitorVmstat.pm) then splits "
           "each line that starts with a blank (every line while fewer than 10 tasks run) into an empty first "
           "field, so each column reads its left neighbour ('sy' reads 'us', 'cs' reads 'in'); put vmstat in "
           "MONITORS_WITH_LATENCY instead";
}

RunPlan makePlan(const std::map<std::string, std::string>& env) {
    RunPlan p;
    p.benches = splitWords(value(env, "MMTESTS"));
    refuseRepeatedBenches(p.benches, value(env, "MMTESTS"));
    p.iterations = positiveInt(env, "MMTEST_ITERATIONS", 1);
    p.updateFrequency = positiveInt(env, "MONITOR_UPDATE_FREQUENCY", 10);
    bool monitorsOff = value(env, "RUN_MONITOR") == "no";
    const std::vector<std::pair<std::string, std::string>> types = {{"always", "MONITORS_ALWAYS"},
                                                                     {"plain", "MONITORS_PLAIN"},
                                                                     {"gzip", "MONITORS_GZIP"},
                                                                     {"with_latency", "MONITORS_WITH_LATENCY"},
                                                                     {"tracer", "MONITORS_TRACER"}};
    bool any = false;
    for (const auto& [type, var] : types) {
        auto names = splitWords(value(env, var));
        if (monitorsOff && (type == "gzip" || type == "with_latency" || type == "tracer")) continue;
        any = any || !names.empty();
        for (const auto& name : names) {
            if (type == "plain" || type == "tracer") {
                p.skipped.push_back({name, "skipped: " + var + " monitors are not provided by run-config"});
                continue;
            }
            MonitorRecipe r = monitorRecipe(name, p.updateFrequency, env);
            if (!r.unavailable.empty())
                p.skipped.push_back({name, r.unavailable});
            else
                p.monitors.push_back({name, type, r.intervalSeconds ? r.intervalSeconds : p.updateFrequency});
            if (name == "vmstat" && (type == "always" || type == "gzip")) p.warnings.push_back(vmstatWithoutTimestamps(var));
        }
    }
    if (!monitorsOff && !any) p.warnings.push_back("WARNING: Monitors enabled but none configured");
    return p;
}

Estimate estimate(const RunPlan& plan, const std::vector<std::optional<double>>& modelled,
                  const std::vector<PastDurations>& past) {
    Estimate e;
    e.measured = past;
    e.measured.resize(plan.benches.size());
    double perIteration = kSystemStateSeconds;
    for (std::size_t i = 0; i < plan.benches.size(); ++i) {
        const std::optional<double> measured = e.measured[i].mean();
        e.perBench.push_back(measured ? measured : i < modelled.size() ? modelled[i] : std::nullopt);
        perIteration += e.perBench.back().value_or(0);
        if (!plan.monitors.empty()) perIteration += kMonitorSettleSeconds;
    }
    e.overheadPerIteration = kSystemStateSeconds + (plan.monitors.empty() ? 0 : kMonitorSettleSeconds * plan.benches.size());
    e.total = perIteration * plan.iterations;
    return e;
}

long wholeSeconds(double seconds) {
    if (!(seconds > 0)) return 0;  // NaN too
    return seconds < double(kMaxEstimateSeconds) ? std::lround(seconds) : kMaxEstimateSeconds;
}

std::string humanDuration(double seconds) {
    const long s = wholeSeconds(seconds);
    char buf[64];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%ld h %02ld min", s / 3600, (s % 3600) / 60);
    else if (s >= 60)
        std::snprintf(buf, sizeof buf, "%ld min %02ld s", s / 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%ld s", s);
    return buf;
}

namespace {

std::string formatTenths(double seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f s", seconds);
    return buf;
}

}  // namespace

std::string describePlan(const RunPlan& plan, const Estimate& est) {
    std::ostringstream out;
    out << "iterations: " << plan.iterations << " (iter-0";
    if (plan.iterations > 1) out << "..iter-" << plan.iterations - 1;
    out << ")\n";
    for (std::size_t i = 0; i < plan.benches.size(); ++i) {
        out << "benchmark:  " << plan.benches[i];
        const bool measured = i < est.measured.size() && !est.measured[i].seconds.empty();
        if (est.perBench[i])
            out << "  ~" << humanDuration(*est.perBench[i]) << " per iteration "
                << (measured ? measuredFrom(est.measured[i])
                             : "(estimated from the settings; no earlier run with these settings)")
                << "\n";
        else out << "  (no estimate: " << plan.benches[i] << " --estimate says its duration depends on the machine)\n";
    }
    if (plan.monitors.empty())
        out << "monitors:   none\n";
    for (const auto& m : plan.monitors)
        out << "monitor:    " << m.name << " (" << m.type << ", every " << m.intervalSeconds << " s)\n";
    for (const auto& s : plan.skipped) out << "monitor:    " << s.name << " " << s.why << "\n";
    for (const auto& w : plan.warnings) out << w << "\n";
    // Tenths below 10 s: the system state alone is 0.2 s, not "~0 s".
    const double overhead = est.overheadPerIteration;
    out << "overhead:   ~" << (overhead < 9.95 ? formatTenths(overhead) : humanDuration(overhead))
        << " per iteration (system state" << (plan.monitors.empty() ? "" : ", 5 s monitor settle per benchmark") << ")\n";
    out << "estimated duration: " << humanDuration(est.total) << " (" << wholeSeconds(est.total) << " s)";
    bool partial = false;
    for (const auto& b : est.perBench) partial = partial || !b;
    if (partial) out << ", not counting benchmarks without an estimate";
    out << "\n";
    return out.str();
}

}  // namespace mmtp::runconfig
