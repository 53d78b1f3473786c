// mitigation-matrix - run one config under several kernels and boot
// parameters, a fresh boot per iteration, each boot verified.
//
//   mitigation-matrix MATRIX --work-dir DIR [--backend qemu|kexec|manual|lava] [--until-decided]
//   mitigation-matrix MATRIX --emit lava DIR [--machine NAME=DEVICE-TYPE]...
//
// Writes DIR/log/ROW/iter-N (one boot each; compare-kernels -C DIR/log reads
// it), DIR/matrix/state (the schedule, resumed by the next invocation) and
// DIR/matrix/boots/boot-K (every boot's record, counted or not). README.md.
#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/workload_main.hpp"
#include "mitigation-matrix/guest_check.hpp"
#include "mitigation-matrix/lava_backend.hpp"
#include "mitigation-matrix/lava_fleet.hpp"
#include "mitigation-matrix/lava_jobs.hpp"
#include "mitigation-matrix/local_boot.hpp"
#include "mitigation-matrix/qemu_schedule.hpp"
#include "mitigation-matrix/schedule.hpp"
#include "mitigation-matrix/settle_boot.hpp"
#include "mitigation-matrix/until_decided.hpp"
#include "mitigation-matrix/work_lock.hpp"

#include <iostream>

namespace fs = std::filesystem;
using namespace mmtp;
using namespace mmtp::matrix;

namespace {

const char* kUsage =
    "usage: mitigation-matrix MATRIX --work-dir DIR [--backend qemu|kexec|manual|lava] [--until-decided]\n"
    "       mitigation-matrix MATRIX --emit lava DIR [--machine NAME=DEVICE-TYPE]...";

struct Settings {
    fs::path matrix;
    fs::path workDir;
    std::string backend;
    bool untilDecided = false;
    MatrixSpec spec;
    fs::path emitDir;  // --emit lava DIR
    std::vector<LavaMachine> machines;
    fs::path lavaDevice;
};

const OptionTable& optionTable() {
    static const OptionTable table(
        {textOption("work-dir", 0, "", nullptr, "where the tree (DIR/log) and the schedule (DIR/matrix) go"),
         choiceOption("backend", 0, "", "qemu", "qemu|kexec|manual|lava",
                      "qemu: a fresh guest per boot; kexec: reboot this machine with kexec; manual: print the next "
                      "boot and resume when run again; lava: a LAVA job per boot, run by lava-run here"),
         choiceOption("emit", 0, "", nullptr, "lava",
                      "lava: write the schedule as LAVA jobs into DIR (jobs/MACHINE/, ramdisk/, manifest.tsv, "
                      "device-qemu.yaml) and boot nothing"),
         repeatedTextOption("machine", 0, "NAME=DEVICE-TYPE",
                            "a machine of the fleet (its LAVA tag and device type); every machine runs every row "
                            "(default qemu-1=qemu; --backend lava with several: a work dir each, then the fleet's "
                            "statistics)"),
         textOption("lava-device", 0, "", nullptr,
                    "--backend lava: lava-run's device dictionary (default: a qemu device of the matrix's guest)"),
         integerOption("iterations-per-boot", 0, "", nullptr, 1, kMaxIterationsPerBoot,
                       "the config's iterations each boot runs, its samples (default: the matrix's "
                       "iterations-per-boot, else each config's MMTEST_ITERATIONS, else 1)"),
         flagOption("until-decided", 0,
                    "after boots-per-row, add interleaved rounds until compare-kernels calls every metric (each row "
                    "against the first; decide-metric, decide-threshold) or the budget is spent; the looks share "
                    "alpha 0.05 (O'Brien-Fleming spending)")},
        {"MATRIX", "DIR"});
    return table;
}

fs::path selfPath() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) throw Error("cannot read /proc/self/exe: " + ec.message());
    return exe;
}

std::vector<LavaMachine> machinesFrom(const OptionValues& v) {
    std::vector<LavaMachine> out;
    for (const auto& m : v.all("machine")) out.push_back(parseMachine(m));
    if (out.empty()) out.push_back({"qemu-1", "qemu"});
    return out;
}

Settings settingsFrom(const OptionValues& v) {
    const bool emit = v.has("emit");
    if (v.positionals.size() != (emit ? 2u : 1u)) throw UsageError(kUsage);
    Settings s{fs::absolute(v.positionals[0]),
               emit ? fs::path() : fs::absolute(v.required("work-dir")),
               v.text("backend"),
               v.yes("until-decided"),
               {},
               {},
               {},
               {}};
    if (emit) s.emitDir = fs::absolute(v.positionals[1]);
    s.machines = machinesFrom(v);
    if (v.has("lava-device")) s.lavaDevice = fs::absolute(v.text("lava-device"));
    if (s.emitDir.empty() && s.machines.size() > 1 && (s.backend != "lava" || s.untilDecided))
        throw UsageError("several --machine: --emit lava, or --backend lava without --until-decided");
    s.spec = parseMatrixFile(s.matrix);
    if (v.has("iterations-per-boot")) s.spec.iterationsPerBoot = v.number<int>("iterations-per-boot");
    if (s.untilDecided && s.spec.rows.size() < 2)
        throw UsageError("matrix " + s.matrix.string() +
                         ": --until-decided compares rows with the first: it needs two");
    if (s.untilDecided && lastRound(s.spec) < firstLookRound(s.spec))
        throw UsageError("matrix " + s.matrix.string() + ": --until-decided: budget-boots " +
                         std::to_string(s.spec.budgetBoots) + " allows fewer than " +
                         std::to_string(firstLookRound(s.spec)) + " boots per row, the first look");
    return s;
}

void supported(Settings& s) {
    if (s.backend == "qemu" && findExecutable("qemu-system-x86_64").empty())
        throw UnsupportedError(
            "qemu-system-x86_64 not found (apt-get install qemu-system-x86, or scripts/install-deps.sh --test)");
    if (s.backend == "lava" && s.emitDir.empty() && findExecutable("lava-run").empty())
        throw UnsupportedError(
            "lava-run not found (apt-get install lava-dispatcher, or scripts/install-deps.sh --lava)");
    if (s.backend == "kexec" && findExecutable("kexec").empty())
        throw UnsupportedError("kexec not found (apt-get install kexec-tools)");
    if (s.untilDecided && !fs::is_regular_file(selfPath().parent_path() / "compare-kernels"))
        throw UnsupportedError("--until-decided needs compare-kernels beside mitigation-matrix (make)");
}

LookAt looker(const Settings& s) { return compareKernelsLook(s.spec, s.workDir, selfPath().parent_path()); }

MoreBoots moreBoots(const Settings& s) {
    if (!s.untilDecided) return {};
    return [&s](ScheduleState& state) { return addRoundUntilDecided(state, s.spec, looker(s)); };
}

// --until-decided's answer: the last look again (the tree is what it was).
int decision(const Settings& s, const ScheduleState& state) {
    const auto look = finalLook(state, s.spec, looker(s));
    if (!look) {
        std::cout << "mitigation-matrix: undecided: no look could be made (a row rejected or short)" << std::endl;
        return 1;
    }
    std::cout << "mitigation-matrix: " << (look->decided ? "decided" : "undecided (budget spent)") << " at "
              << completedRound(state, s.spec) << " boots per row: " << look->summary
              << " (verdict: " << (s.workDir / "matrix").string() << "/look-" << completedRound(state, s.spec)
              << ".txt)" << std::endl;
    return look->decided ? 0 : 1;
}

void warnTcg() {
    std::cout << "mitigation-matrix: WARNING: no usable KVM here; the guests run under TCG (emulation).\n"
                 "mitigation-matrix: WARNING: TCG TIMINGS MEAN NOTHING: the tree checks the plumbing and each boot's\n"
                 "mitigation-matrix: WARNING: state, not the cost of a mitigation. Measure on KVM or bare metal.\n"
              << std::flush;
}

int finish(const Settings& s) {
    const auto state = loadState(statePath(s.workDir));
    fs::create_directories(s.workDir / "log");
    writeFileAtomically(s.workDir / "log" / "matrix-rows.txt", rowsFileText(*state, s.spec));
    std::cout << "mitigation-matrix: " << s.matrix.string() << " -> " << (s.workDir / "log").string() << "\n"
              << summary(*state, s.spec) << std::flush;
    for (const auto& row : s.spec.rows)
        if (countWith(*state, row.name, BootStatus::Accepted) < s.spec.bootsPerRow) {
            std::cout << "mitigation-matrix: row " << row.name << " has fewer accepted boots than boots-per-row ("
                      << s.spec.bootsPerRow << "): exit 1" << std::endl;
            return 1;
        }
    return s.untilDecided ? decision(s, *state) : 0;
}

int run(const Settings& s) {
    if (!s.emitDir.empty()) {
        emitLavaJobs(s.spec, s.machines, s.emitDir, selfPath().parent_path());
        std::cout << "mitigation-matrix: " << s.matrix.string() << " -> LAVA jobs in " << s.emitDir.string()
                  << " (manifest.tsv lists them in order)" << std::endl;
        return 0;
    }
    const WorkDirLock lock(s.workDir);  // held until exit: one run per work dir
    std::cout << planText(s.spec) << std::flush;
    if (s.backend == "lava") {
        const bool kvm = chooseAccel() == Accel::Kvm;
        if (!kvm && s.lavaDevice.empty()) warnTcg();
        const LavaSetup setup{selfPath().parent_path(), s.machines[0], s.lavaDevice, kvm};
        // Several machines: W/MACHINE each, then the fleet's statistics.
        if (s.machines.size() > 1) return runLavaFleet(s.spec, s.workDir, s.machines, setup);
        runLavaSchedule(s.spec, s.workDir, setup, moreBoots(s));
        return finish(s);
    }
    if (s.backend == "qemu") {
        const Accel accel = chooseAccel();
        if (accel == Accel::Tcg) warnTcg();
        runQemuSchedule(s.spec, s.workDir, fs::path(selfPath()).parent_path(), accel, moreBoots(s));
        return finish(s);
    }
    const LocalSetup setup{
        selfPath(), s.matrix, s.workDir, selfPath().parent_path(), s.untilDecided, s.spec.iterationsPerBoot};
    const RebootHooks hooks = s.backend == "kexec" ? kexecHooks(s.spec, setup) : manualHooks(s.spec, setup);
    if (rebootStep(s.spec, s.workDir, hooks, moreBoots(s)) != StepResult::Done) return 0;
    return finish(s);
}

}  // namespace

int main(int argc, char** argv) {
    // The guest's boot check is this program under another name.
    if (fs::path(argv[0]).filename() == "matrix-boot-check") return guestCheckMain(argc, argv);
    const Workload<Settings> w{"mitigation-matrix",
                               "Runs MATRIX's config under each of its rows (kernel + boot parameters), one boot per\n"
                               "iteration, rows interleaved; each boot's state is checked against its row and a\n"
                               "boot that does not match is rejected and not counted.\n"
                               "Exit: 0 every row has its boots (--until-decided: and the verdict is decided), 1 a\n"
                               "row was rejected or short (or undecided when the budget ran out), 2 bad arguments or\n"
                               "matrix, 3 qemu/kexec/lava-run missing, 130 interrupted (run again to resume).",
                               optionTable(),
                               settingsFrom,
                               supported,
                               run};
    return workloadMain(w, argc, argv);
}
