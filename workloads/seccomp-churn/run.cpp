#include "seccomp-churn/run.hpp"

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "common/clock_check.hpp"
#include "common/latency_summary.hpp"
#include "common/progress.hpp"
#include "seccomp-churn/report.hpp"
#include "seccomp-churn/workers.hpp"

#include <iostream>
#include <ostream>
#include <unistd.h>

namespace mmtp::seccompchurn {

void runSweep(const Settings& c, std::ostream& progress) {
    std::error_code ec;
    std::filesystem::create_directories(c.logdir, ec);
    if (!std::filesystem::is_directory(c.logdir))
        throw Error("--logdir: cannot create directory " + c.logdir.string());

    const Recipe recipe(c.recipe);  // all filters built before any clock starts
    const std::string description = presetDescription(c.recipe);
    const auto sweep = powerTwoSweep(c.minThreads, c.maxThreads);
    Progress done("seccomp-churn", unsigned(sweep.size()) * c.iterations, progress);
    // The rate MMTests reads, bogo ops/s (real time), divides by the measured span, not the printed one.
    ClockCheck clock({"seccomp-churn", "CLOCK_MONOTONIC ns", monotonicResolutionNs(),
                      "SECCOMP_CHURN_RUNTIME (--runtime) or SECCOMP_CHURN_OPS (--ops)",
                      "SECCOMP_CHURN_ITERATIONS (--iterations)", int(c.iterations)},
                     std::cerr);
    for (unsigned clients : sweep) {
        for (unsigned it = 1; it <= c.iterations; ++it) {
            progress << "Running " << clients << " seccomp-churn " << presetName(c.recipe.preset)
                     << " iteration " << it << "/" << c.iterations << std::endl;
            RunOptions ro;
            ro.workers = clients;
            ro.runtimeSec = c.runtimeSec;
            ro.totalOps = c.ops;
            RunResult r = runWorkers(recipe, ro);

            MetricsBrief m;
            m.pid = static_cast<int>(getpid());
            m.stressor = kStressorName;
            m.note = "seccomp-churn stand-in: preset " + description;
            m.instances = clients;
            m.runtimeSec = c.runtimeSec;
            m.ops = r.ops;
            m.realTime = r.realTime;
            m.usrTime = r.usrTime;
            m.sysTime = r.sysTime;
            m.wallTime = r.wallTime;

            ExtraMetrics e;
            e.preset = presetName(c.recipe.preset);
            e.presetDescription = description;
            e.stressor = kStressorName;
            e.specAllow = c.recipe.specAllow;
            e.instances = clients;
            e.ops = r.ops;
            e.filtersAttached = r.filtersAttached;
            e.attachCalls = r.attachCalls;
            e.samplesDropped = r.samplesDropped;
            e.attach = summariseLatencies(r.attachUsecs);
            e.childIbSpeculation = r.childIbSpeculation;

            // The extra file first: the .log is what parsers look for, so it
            // only appears once both are complete.
            writeFileAtomically(c.logdir / extraName(clients, it), formatExtra(e));
            writeFileAtomically(c.logdir / logName(clients, it), formatMetricsBrief(m));
            progress << "  " << r.ops << " bogo-ops, "
                     << (r.realTime > 0 ? static_cast<double>(r.ops) / r.realTime : 0.0)
                     << " ops/s, " << static_cast<double>(r.filtersAttached) / (r.ops ? static_cast<double>(r.ops) : 1.0)
                     << " filters/op, attach p50/p99/max " << e.attach.p50 << "/" << e.attach.p99
                     << "/" << e.attach.max << " us" << std::endl;
            const std::string series = "bogo ops/s instances " + std::to_string(clients);
            clock.span(series + " iteration " + std::to_string(it), std::int64_t(r.realTime * 1e9));
            clock.rate(series, r.realTime > 0 ? static_cast<double>(r.ops) / r.realTime : 0.0);
            done.iterationDone("instances " + std::to_string(clients));
        }
    }
    clock.finish(c.logdir);
}

}  // namespace mmtp::seccompchurn
