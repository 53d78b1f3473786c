// ibpb-pulse: opt a disposable process on one CPU (or on each online CPU in
// turn, --all-cpus) in to indirect-branch protection, so that the kernel
// issues an IBPB there; "sham" is the control that does everything else.
// See pulse.hpp for the steps and the exit codes.
#include "ibpb-pulse/pulse.hpp"
#include "ibpb-pulse/run.hpp"

#include "base/errors.hpp"
#include "common/workload_main.hpp"
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

constexpr double kPulseAllCpusSeconds = 1.0;  // measured on a 2-vCPU VM, setpriv and all

const char kSummary[] =
    "       ibpb-pulse --all-cpus sham|protect\n"
    "       IBPB_PULSE_MODE=sham|protect LOGDIR_RESULTS=DIR ibpb-pulse   (MMTests workload)\n"
    "\n"
    "Pins this (unprivileged, disposable) process to CPU, checks its indirect-branch\n"
    "speculation state is PRCTL|ENABLE and, for 'protect', opts it in with\n"
    "prctl(PR_SET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH, PR_SPEC_FORCE_DISABLE)\n"
    "and checks that took. Prints one JSON line per CPU. --all-cpus runs one fresh\n"
    "process per online CPU (sysfs) in turn and stops at the first failure.\n"
    "It never enables speculation and changes nothing but its own task.\n"
    "Without CPU and MODE, with --mode or --logdir given (or their variables set),\n"
    "it runs as an MMTests workload: --all-cpus in a child, as --user when root.\n"
    "\n"
    "exit: 0 ok; 1 internal failure (fork, wait, stdout); 2 usage; 3 CPU not a number\n"
    "or not online (workload mode: setpriv missing); 4 cannot pin to exactly that CPU;\n"
    "5 initial mask is not PRCTL|ENABLE (e.g. no per-task control: boot with\n"
    "spectre_v2_user=prctl); 6 PR_SET FORCE_DISABLE failed; 7 mask or CPU after the\n"
    "step is wrong; 8 refused to run as root.";

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

const OptionTable& optionTable() {
    static const OptionTable table(
        {
            flagOption("all-cpus", 0, "pulse every online CPU, one fresh process each, in turn"),
            choiceOption("mode", 0, "IBPB_PULSE_MODE", "sham", "sham|protect", "workload mode: the pulse every CPU gets"),
            textOption("user", 0, "IBPB_PULSE_USER", "nobody",
                       "workload mode, started as root: the unprivileged user the pulses run as (setpriv)"),
            logdirOption("workload mode: where ibpb-pulse.json, .err and .status go"),
        },
        {"CPU", "sham|protect"});
    return table;
}

struct Settings {
    bool workload = false;
    WorkloadSettings asWorkload;
    PulseArgs pulse;
    int argsCode = kPulseOk;  // kPulseBadCpu is reported after the root check, as the seed
    std::string argsMessage;
};

Settings settingsFrom(const OptionValues& v) {
    Settings s;
    s.workload = v.positionals.empty() && !v.yes("all-cpus") && (v.given("mode") || v.given("logdir"));
    if (s.workload) {
        s.asWorkload = {v.text("mode"), v.text("user"), v.required("logdir")};
        return s;
    }
    std::vector<std::string> args;
    if (v.yes("all-cpus")) args.push_back("--all-cpus");
    args.insert(args.end(), v.positionals.begin(), v.positionals.end());
    s.argsCode = parseArgs(args, s.pulse, s.argsMessage);
    if (s.argsCode == kPulseUsage) throw UsageError(s.argsMessage);
    return s;
}

void supported(Settings& s) {
    if (s.workload) {
        checkWorkload(s.asWorkload);
        return;
    }
    std::string rootMsg;
    if (int rc = refuseRoot(realSystem(), rootMsg)) throw Error(rootMsg, rc);  // before anything else, as the seed
    if (s.argsCode != kPulseOk) throw Error(s.argsMessage, s.argsCode);
}

int run(const Settings& s) {
    if (s.workload) return runWorkload(std::filesystem::read_symlink("/proc/self/exe"), s.asWorkload);
    return s.pulse.allCpus ? pulseAllCpus(s.pulse.mode) : pulseHere(s.pulse.cpu, s.pulse.mode);
}

// A pulse of every CPU, setpriv and all, whatever the mode.
std::optional<double> estimatedSeconds(const OptionValues&) { return kPulseAllCpusSeconds; }

}  // namespace

int main(int argc, char** argv) {
    // Its exit codes are its own: the summary lists them.
    // Started as root, it runs its pulses as --user (nobody) with util-linux's
    // setpriv (busybox's lacks --reuid/--regid).
    const Workload<Settings> w{"ibpb-pulse", kSummary, optionTable(),    settingsFrom,
                               supported,    run,      std::nullopt,     estimatedSeconds,
                               GuestNeeds{.programs = {"setpriv"}, .users = {"nobody"}}};
    return workloadMain(w, argc, argv);
}
