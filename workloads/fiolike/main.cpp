// fiolike - fio-compatible IO jobs (psync, io_uring) with the CPU cost per IO
// made explicit. Writes fio's terse v3 line to LOGDIR/fio.log, so MMTests'
// fio parser reads it, and LOGDIR/fiolike-NAME.json.
#include "base/errors.hpp"
#include "common/options.hpp"
#include "common/signals.hpp"
#include "fiolike/job_runner.hpp"
#include "fiolike/job_spec.hpp"
#include "fiolike/report.hpp"

#include <iostream>

int main(int argc, char** argv) {
    using namespace mmtp;
    using namespace mmtp::fiolike;
    try {
        const auto desc = jobOptions();
        auto parsed = parseOptions(argc, argv, desc, jobEnvNames());
        if (parsed.helpRequested) {
            printUsage("fiolike", "Runs one fio-like job and appends its terse v3 line to LOGDIR/fio.log.", desc);
            return kExitOk;
        }
        const JobSpec spec = jobSpecFrom(parsed.vm);
        InterruptGuard interrupts;
        if (!spec.quiet) std::cout << "job " << spec.name << ": starting" << std::endl;
        const RunResult r = runAll(spec);
        writeLogs(spec, r);
        if (!spec.quiet) std::cout << humanSummary(spec, r) << std::flush;
        return kExitOk;
    } catch (const Error& e) {
        std::cerr << "fiolike: " << e.what() << std::endl;
        return e.code();
    } catch (const std::exception& e) {
        std::cerr << "fiolike: " << e.what() << std::endl;
        return kExitFailure;
    }
}
