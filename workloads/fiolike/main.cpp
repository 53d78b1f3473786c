// fiolike - fio-compatible IO jobs (psync, io_uring) with the CPU cost per IO
// made explicit. Writes fio's terse v3 line to LOGDIR/fio.log, so MMTests'
// fio parser reads it, and LOGDIR/fiolike-NAME.json.
#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/pulse_status.hpp"
#include "common/workload_main.hpp"
#include "fiolike/engine.hpp"
#include "fiolike/job_runner.hpp"
#include "fiolike/job_spec.hpp"
#include "fiolike/report.hpp"

#include <iostream>

using namespace mmtp;
using namespace mmtp::fiolike;

namespace {

void supported(JobSpec& spec) {
    if (spec.printName) return;
    // An engine this kernel cannot set up (io_uring disabled or missing)
    // says so now, before any file is laid out: creating one is the test.
    const EngineInfo* e = findEngine(spec.ioengine);
    if (!e->sync) e->create(-1, spec.iodepth);
    requireWritableDir(spec.logdir, "--logdir");
    requirePulseBefore(spec.afterPulse, spec.logdir);
}

int run(const JobSpec& spec) {
    if (spec.printName) {
        std::cout << spec.name << std::endl;
        return kExitOk;
    }
    if (!spec.quiet) std::cout << "job " << spec.name << ": starting" << std::endl;
    const RunResult r = runAll(spec);
    writeLogs(spec, r);
    if (!spec.quiet) std::cout << humanSummary(spec, r) << std::flush;
    return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    const Workload<JobSpec> w{
        "fiolike",
        "Runs one fio-like job and appends its terse v3 line to LOGDIR/fio.log.\n"
        "Exit: 0 ok, 1 failure (also: the --after-ibpb-pulse step failed), 2 bad option, 3 engine not available here, 130 interrupted.",
        optionTable(),
        jobSpecFrom,
        supported,
        run,
    };
    return workloadMain(w, argc, argv);
}
