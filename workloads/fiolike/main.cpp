// fiolike - fio-compatible IO jobs (psync, io_uring) with the CPU cost per IO
// made explicit. Each job (one per pattern and depth listed) appends fio's
// terse v3 line to LOGDIR/fio.log, so MMTests' fio parser reads it, and
// writes LOGDIR/fiolike-NAME.json.
#include "base/errors.hpp"
#include "common/clock_check.hpp"
#include "common/preflight.hpp"
#include "common/progress.hpp"
#include "common/pulse_status.hpp"
#include "common/workload_main.hpp"
#include "fiolike/duration.hpp"
#include "fiolike/engine.hpp"
#include "fiolike/report.hpp"
#include "fiolike/run.hpp"
#include "fiolike/settings.hpp"

#include <iostream>

using namespace mmtp;
using namespace mmtp::fiolike;

namespace {

void supported(JobPlan& plan) {
    const JobSpec& spec = plan.jobs.front();  // every job shares the engine and log directory
    if (spec.printName) return;
    // An engine this kernel cannot set up (io_uring disabled or missing)
    // says so now, before any file is laid out: creating one is the test.
    const EngineInfo* e = findEngine(spec.ioengine);
    if (!e->sync) e->create(-1, spec.iodepth);
    requireWritableDir(spec.logdir, "--logdir");
    requirePulseBefore(spec.afterPulse, spec.logdir);
}

int run(const JobPlan& plan) {
    if (plan.jobs.front().printName) {
        for (const JobSpec& spec : plan.jobs) std::cout << spec.name << '\n';
        std::cout << std::flush;
        return kExitOk;
    }
    const bool quiet = plan.jobs.front().quiet;
    Progress progress("fiolike", unsigned(plan.jobs.size()), std::cout, "job");
    // The terse line MMTests reads divides by whole milliseconds (fio's
    // arithmetic), so that is the tick; one sample per job and direction,
    // one fiolike run per MMTests iteration.
    ClockCheck clock({"fiolike", "CLOCK_MONOTONIC ns; the terse line's rates divide by whole ms", 1e6,
                      "FIO_RUNTIME (--runtime) or FIO_SIZE (--size)", "MMTEST_ITERATIONS (one fiolike run each)", 1},
                     std::cerr);
    for (const JobSpec& spec : plan.jobs) {
        if (!quiet) std::cout << "job " << spec.name << ": starting" << std::endl;
        const RunResult r = runAll(spec, quiet ? nullptr : &std::cout);
        writeLogs(spec, r);
        for (unsigned d = 0; d < kDirs; ++d) {
            const DirStats& s = r.group.dir[d];
            if (s.totalIos == 0 || s.runtimeNs == 0) continue;
            const std::string sample = spec.name + (d == 0 ? " read" : " write");
            clock.span(sample, static_cast<std::int64_t>(s.runtimeNs));
            clock.rate(sample + " kIOPS", static_cast<double>(s.totalIos) * 1e6 / static_cast<double>(s.runtimeNs));
        }
        if (quiet) continue;
        std::cout << humanSummary(spec, r) << std::flush;
        progress.iterationDone(spec.name);
    }
    clock.finish(plan.jobs.front().logdir);
    return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    const Workload<JobPlan> w{
        "fiolike",
        "Runs fio-like jobs (one per --rw pattern and --iodepth listed) and appends one\n"
        "terse v3 line per job to LOGDIR/fio.log.",
        optionTable(),
        jobPlanFrom,
        supported,
        run,
        ExitMeanings{.unsupported = "engine not available here"},
        estimatedSeconds,
        // In a guest its file is the scratch disk, unless the config names its own.
        GuestNeeds{.scratchDiskVariables = {"FIO_TARGET_FILE"}},
    };
    return workloadMain(w, argc, argv);
}
