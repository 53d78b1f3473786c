// lava_backend.cpp - the schedule as LAVA jobs (lava_backend.hpp).
#include "mitigation-matrix/lava_backend.hpp"

#include "base/atomic_file.hpp"
#include "base/clock.hpp"
#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "mitigation-matrix/boot_files.hpp"
#include "mitigation-matrix/lava_guest.hpp"
#include "mitigation-matrix/lava_log.hpp"
#include "mitigation-matrix/lava_run.hpp"
#include "mitigation-matrix/matrix_spec.hpp"
#include "mitigation-matrix/provenance.hpp"
#include "mitigation-matrix/qemu_backend.hpp"
#include "mitigation-matrix/settle_boot.hpp"

#include <ctime>
#include <iomanip>
#include <iostream>
#include <map>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

// Deploying (copying the kernel and ramdisk) and LAVA's fixed cost, beyond
// the boot's own timeout.
constexpr int kJobOverheadSeconds = 300;

struct Run {
    const MatrixSpec& spec;
    fs::path workDir;
    fs::path lavaDir;
    fs::path device;
    LavaMachine machine;
    std::map<std::string, fs::path> ramdisks;
    LavaJournal journal;
    ScheduleState state;
    Accel accel = Accel::Tcg;
    HostProvenance host;  // a qemu device's words for each boot's provenance.txt
    fs::path journalFile() const { return lavaDir / "jobs"; }
};

std::size_t indexOfBoot(const ScheduleState& state, int number) {
    for (std::size_t i = 0; i < state.boots.size(); ++i)
        if (state.boots[i].number == number) return i;
    throw Error("LAVA journal names boot " + std::to_string(number) + ", which the schedule does not have");
}

// The job's log into the state: the guest's files judged, or a failed boot.
void settleJob(Run& run, std::size_t index, const std::string& id) {
    const LavaJobFiles files = jobFiles(run.lavaDir, id);
    LavaLog log;
    try {
        log = readLavaLog(files.log);
    } catch (const Error& e) {
        settleFailedBoot(run.state, index, run.workDir, e.what(), "");
        return;
    }
    const std::string lava = log.finished ? (log.passed ? "LAVA: job passed" : "LAVA: job failed: " + log.error)
                                          : "LAVA: the job ended without a result";
    BootFiles guest;
    try {
        guest = parseSerialArchive(log.console);
    } catch (const Error& e) {
        // The reason names no job id or path: the same failure twice must read the same (it ends the row).
        std::cout << "mitigation-matrix: boot " << run.state.boots.at(index).number << ": LAVA job " << id
                  << " sent no files; its log: " << files.log.string() << std::endl;
        settleFailedBoot(run.state, index, run.workDir, std::string(e.what()) + " (" + lava.substr(0, 300) + ")",
                         log.console);
        return;
    }
    if (!run.host.measuredOn.empty()) addHostProvenance(guest, run.state.boots.at(index).row, run.host);
    settleBoot(run.state, index, run.spec, run.workDir, guest, log.console);
}

void forget(Run& run, int boot) {
    run.journal.erase(boot);
    saveJournal(run.journalFile(), run.journal);
}

// A job submitted by a process that died: waited for, then read.
void resumeSubmitted(Run& run) {
    for (const auto& [boot, job] : LavaJournal(run.journal)) {
        const std::size_t index = indexOfBoot(run.state, boot);
        if (run.state.boots[index].status != BootStatus::Started) {
            forget(run, boot);
            continue;
        }
        std::cout << "mitigation-matrix: resuming; boot " << boot << " is submitted as LAVA job " << job.id
                  << (lavaRunAlive(job.pid, job.id) ? ", still running: waiting for it" : ", ended: reading its log")
                  << std::endl;
        if (!waitForLavaRun(job.pid, job.id, run.spec.bootTimeoutSeconds + kJobOverheadSeconds))
            settleFailedBoot(run.state, index, run.workDir, "LAVA job " + job.id + " did not end in time", "");
        else settleJob(run, index, job.id);
        saveState(statePath(run.workDir), run.state);
        forget(run, boot);
    }
}

std::string newJobId(int boot) { return std::to_string(static_cast<long long>(std::time(nullptr)) * 1000 + boot); }

void runBoot(Run& run, std::size_t index) {
    BootRecord& b = run.state.boots[index];
    const MatrixRow& row = rowNamed(run.spec, b.row);
    b.status = BootStatus::Started;
    saveState(statePath(run.workDir), run.state);
    const int round = countWith(run.state, row.name, BootStatus::Accepted) + 1;
    const std::string id = newJobId(b.number);
    const LavaJobFiles files = jobFiles(run.lavaDir, id);
    const LavaJob job{run.spec.file.filename().string(),
                      run.machine,
                      &row,
                      round,
                      (round - 1) * bootIterations(run.spec, row),
                      b.number,
                      "file://" + rowKernel(run.state, row).image.string(),
                      "file://" + run.ramdisks.at(row.name).string(),
                      guestCmdline(run.accel)};
    writeFileAtomically(files.definition, lavaJobYaml(job, run.spec.bootTimeoutSeconds));
    // Journaled before it starts: no job runs that a resumed run would not find.
    run.journal[b.number] = {id, 0};
    saveJournal(run.journalFile(), run.journal);
    std::cout << "mitigation-matrix: boot " << b.number << ": " << row.name << " ("
              << rowKernel(run.state, row).image.filename().string() << (row.cmdline.empty() ? "" : ", " + row.cmdline)
              << "): LAVA job " << id << std::endl;
    const double start = monotonicSeconds();
    const pid_t pid = startLavaRun(files, id, run.device);
    run.journal[b.number].pid = pid;
    saveJournal(run.journalFile(), run.journal);
    if (!waitForLavaRun(pid, id, run.spec.bootTimeoutSeconds + kJobOverheadSeconds)) {
        settleFailedBoot(run.state, index, run.workDir, "LAVA job " + id + " did not end in time", "");
    } else {
        std::cout << "mitigation-matrix: boot " << b.number << "'s LAVA job ended after " << std::fixed
                  << std::setprecision(1) << monotonicSeconds() - start << " s" << std::endl;
        settleJob(run, index, id);
    }
    saveState(statePath(run.workDir), run.state);
    forget(run, b.number);
}

fs::path deviceFile(const MatrixSpec& spec, const LavaSetup& setup, const fs::path& lavaDir) {
    if (!setup.device.empty()) return fs::absolute(setup.device);
    fs::path file = lavaDir / "device-qemu.yaml";
    writeFileAtomically(file, qemuDeviceYaml(spec, setup.kvm));
    return file;
}

}  // namespace

void runLavaSchedule(const MatrixSpec& spec, const fs::path& workDir, const LavaSetup& setup, const MoreBoots& more) {
    Run run{spec, workDir, workDir / "matrix" / "lava", {}, setup.machine, {}, {}, loadOrStart(spec, workDir), Accel::Tcg, {}};
    // A missing kernel is refused here (loadOrStart binds every row's).
    for (const auto& row : spec.rows) needImage(row, rowKernel(run.state, row));
    run.accel = setup.kvm ? Accel::Kvm : Accel::Tcg;
    fs::create_directories(run.lavaDir);
    run.journal = loadJournal(run.journalFile());
    acceptImported(run.state, workDir);
    resumeSubmitted(run);
    for (auto which : {BootStatus::Started, BootStatus::Measuring})
        if (int n = failInterrupted(run.state, which, "interrupted: mitigation-matrix stopped before its LAVA job"))
            std::cout << "mitigation-matrix: resuming; " << n << " boot never submitted marked failed and redone"
                      << std::endl;
    saveState(statePath(workDir), run.state);
    run.device = deviceFile(spec, setup, run.lavaDir);
    run.ramdisks = writeRowRamdisks(spec, run.state.kernels, setup.binDir, run.lavaDir / "ramdisk");
    // Said for a qemu device; a lab's own device dictionary is not a qemu this program knows.
    if (setup.device.empty()) run.host = guestProvenance(run.accel, spec, run.lavaDir);
    while (auto next = nextBootOrMore(run.state, spec, std::time(nullptr), more)) runBoot(run, *next);
    saveState(statePath(workDir), run.state);
}

}  // namespace mmtp::matrix
