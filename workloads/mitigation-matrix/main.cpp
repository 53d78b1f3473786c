// mitigation-matrix - run one config under several kernels and boot
// parameters, a fresh boot per iteration, each boot verified.
//
//   mitigation-matrix MATRIX --work-dir DIR [--backend qemu|kexec|manual] [--until-decided]
//
// Writes DIR/log/ROW/iter-N (one boot each; compare-kernels -C DIR/log reads
// it), DIR/matrix/state (the schedule, resumed by the next invocation) and
// DIR/matrix/boots/boot-K (every boot's record, counted or not). README.md.
#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/workload_main.hpp"
#include "mitigation-matrix/guest_check.hpp"
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

const char* kUsage = "usage: mitigation-matrix MATRIX --work-dir DIR [--backend qemu|kexec|manual] [--until-decided]";

struct Settings {
    fs::path matrix;
    fs::path workDir;
    std::string backend;
    bool untilDecided = false;
    MatrixSpec spec;
};

const OptionTable& optionTable() {
    static const OptionTable table(
        {textOption("work-dir", 0, "", nullptr, "where the tree (DIR/log) and the schedule (DIR/matrix) go"),
         choiceOption("backend", 0, "", "qemu", "qemu|kexec|manual",
                      "qemu: a fresh guest per boot; kexec: reboot this machine with kexec; manual: print the next "
                      "boot and resume when run again"),
         flagOption("until-decided", 0,
                    "after boots-per-row, add interleaved rounds until compare-kernels calls every metric (each row "
                    "against the first; decide-metric, decide-threshold) or the budget is spent; the looks share "
                    "alpha 0.05 (O'Brien-Fleming spending)")},
        {"MATRIX"});
    return table;
}

fs::path selfPath() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) throw Error("cannot read /proc/self/exe: " + ec.message());
    return exe;
}

Settings settingsFrom(const OptionValues& v) {
    if (v.positionals.size() != 1) throw UsageError(kUsage);
    Settings s{fs::absolute(v.positionals[0]),
               fs::absolute(v.required("work-dir")),
               v.text("backend"),
               v.yes("until-decided"),
               {}};
    s.spec = parseMatrixFile(s.matrix);
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
    const WorkDirLock lock(s.workDir);  // held until exit: one run per work dir
    std::cout << planText(s.spec) << std::flush;
    if (s.backend == "qemu") {
        const Accel accel = chooseAccel();
        if (accel == Accel::Tcg) warnTcg();
        runQemuSchedule(s.spec, s.workDir, fs::path(selfPath()).parent_path(), accel, moreBoots(s));
        return finish(s);
    }
    const LocalSetup setup{selfPath(), s.matrix, s.workDir, selfPath().parent_path(), s.untilDecided};
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
                               "matrix, 3 qemu/kexec missing, 130 interrupted (run again to resume).",
                               optionTable(),
                               settingsFrom,
                               supported,
                               run};
    return workloadMain(w, argc, argv);
}
