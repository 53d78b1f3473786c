// ibpb-pulse: opt a disposable process on one CPU (or on each online CPU in
// turn, --all-cpus) in to indirect-branch protection, so that the kernel
// issues an IBPB there; "sham" is the control that does everything else.
// See pulse.hpp for the steps and the exit codes.
#include "ibpb-pulse/pulse.hpp"
#include "ibpb-pulse/workload.hpp"

#include "base/errors.hpp"
#include "base/fd.hpp"
#include "common/child_process.hpp"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

using namespace mmtp;
using namespace mmtp::ibpbpulse;

namespace {

const char kHelp[] =
    "usage: ibpb-pulse CPU sham|protect\n"
    "       ibpb-pulse --all-cpus sham|protect\n"
    "       IBPB_PULSE_MODE=sham|protect LOGDIR_RESULTS=DIR ibpb-pulse   (MMTests workload)\n"
    "\n"
    "Pins this (unprivileged, disposable) process to CPU, checks its indirect-branch\n"
    "speculation state is PRCTL|ENABLE and, for 'protect', opts it in with\n"
    "prctl(PR_SET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH, PR_SPEC_FORCE_DISABLE)\n"
    "and checks that took. Prints one JSON line per CPU. --all-cpus runs one fresh\n"
    "process per online CPU (sysfs) in turn and stops at the first failure.\n"
    "It never enables speculation and changes nothing but its own task.\n"
    "\n"
    "exit: 0 ok; 1 internal failure (fork, wait, stdout); 2 usage; 3 CPU not a number\n"
    "or not online; 4 cannot pin to exactly that CPU; 5 initial mask is not\n"
    "PRCTL|ENABLE (e.g. no per-task control: boot with spectre_v2_user=prctl);\n"
    "6 PR_SET FORCE_DISABLE failed; 7 mask or CPU after the step is wrong;\n"
    "8 refused to run as root.\n";

void complain(const std::string& msg) { writeAll(2, "ibpb-pulse: " + msg + "\n"); }

// One pulse in this process: JSON on stdout, or the reason on stderr.
int pulseHere(int cpu, PulseMode mode) {
    PulseOutcome o = pulseOnce(realSystem(), cpu, mode);
    if (o.code != kPulseOk) {
        complain(o.message);
        return o.code;
    }
    if (!writeAll(1, o.json)) {
        complain("CPU " + std::to_string(cpu) + ": cannot write the JSON line to stdout");
        return kPulseFailure;
    }
    return kPulseOk;
}

// One disposable child process per online CPU, in order; stops at the first failure.
int pulseAllCpus(PulseMode mode) {
    std::vector<int> cpus;
    try {
        cpus = realSystem().onlineCpus();
    } catch (const Error& e) {
        complain(std::string("--all-cpus: ") + e.what());
        return kPulseBadCpu;
    }
    std::size_t done = 0;
    for (int cpu : cpus) {
        // No process group and no PDEATHSIG: the safety contract allows no
        // prctl but speculation control (strace test), and each child lives
        // for microseconds.
        int code;
        try {
            ChildProcess child = ChildProcess::fork([&] { return pulseHere(cpu, mode); },
                                                    {.ownProcessGroup = false, .dieWithParent = false});
            code = child.wait().shellCode();
        } catch (const Error& e) {
            complain("--all-cpus: CPU " + std::to_string(cpu) + ": " + e.what());
            return kPulseFailure;
        }
        if (code != kPulseOk) {
            complain("--all-cpus: stopped at CPU " + std::to_string(cpu) + " (exit " +
                     std::to_string(code) + ") after " + std::to_string(done) + " of " +
                     std::to_string(cpus.size()) + " CPUs");
            return code;
        }
        ++done;
    }
    return kPulseOk;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() && std::getenv("IBPB_PULSE_MODE")) {
        // As a workload (see workload.hpp): a launcher, the pulses run in a child.
        try {
            return runWorkload(std::filesystem::read_symlink("/proc/self/exe"));
        } catch (const std::exception& e) {
            complain(e.what());
            return kPulseFailure;
        }
    }
    if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
        writeAll(1, kHelp);
        return kPulseOk;
    }
    PulseArgs parsed;
    std::string msg;
    int pc = parseArgs(args, parsed, msg);
    if (pc == kPulseUsage) {
        complain(msg);
        return pc;
    }
    std::string rootMsg;
    if (int rc = refuseRoot(realSystem(), rootMsg)) {  // before anything else, as the seed
        complain(rootMsg);
        return rc;
    }
    if (pc != kPulseOk) {
        complain(msg);
        return pc;
    }
    return parsed.allCpus ? pulseAllCpus(parsed.mode) : pulseHere(parsed.cpu, parsed.mode);
}
