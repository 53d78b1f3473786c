// settle_boot.cpp - a returned boot into the state and the tree.
#include "mitigation-matrix/settle_boot.hpp"

#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "mitigation-matrix/boot_check.hpp"
#include "mitigation-matrix/qemu_backend.hpp"
#include "mitigation-matrix/schedule.hpp"
#include "mitigation-matrix/tree_import.hpp"

#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

namespace fs = std::filesystem;

namespace mmtp::matrix {

fs::path statePath(const fs::path& workDir) { return workDir / "matrix" / "state"; }

const MatrixRow& rowNamed(const MatrixSpec& spec, const std::string& name) {
    for (const auto& r : spec.rows)
        if (r.name == name) return r;
    throw UsageError("the schedule names row " + name + ", which " + spec.file.string() + " does not have");
}

namespace {

// A row's kernel now: its image's identity; a "running" row whose image is
// not in /boot (a VM, a custom install) is the running release, which the
// manual backend can still boot and check (qemu and kexec need the image).
KernelIdentity identifyRowKernel(const MatrixSpec& spec, const MatrixRow& row, const fs::path& image) {
    if (row.runningKernel() && !fs::exists(image)) return {image, currentRelease(), kNoImage};
    try {
        return identifyKernel(image);
    } catch (const UsageError& e) {
        throw UsageError("matrix " + spec.file.string() + ": row " + row.name + ": " + e.what());
    }
}

// Each row's kernel as the schedule first saw it: an image that changed
// since (rebuilt at the same path) is another kernel, refused, not pooled.
void bindKernels(ScheduleState& state, const MatrixSpec& spec, const fs::path& workDir) {
    for (const auto& row : spec.rows) {
        const auto known = state.kernels.find(row.name);
        const fs::path image = known != state.kernels.end() ? known->second.image : kernelImage(row);
        const KernelIdentity now = identifyRowKernel(spec, row, image);
        if (known == state.kernels.end()) {
            state.kernels[row.name] = now;
        } else if (known->second.md5 != now.md5 && known->second.md5 != kNoImage) {
            throw UsageError("row " + row.name + "'s kernel " + image.string() + " changed since the schedule in " +
                             workDir.string() + " started (md5 " + known->second.md5 + ", now " + now.md5 +
                             "): another kernel is another row; use a new --work-dir");
        }
    }
}

// Each row's iterations per boot as the schedule first saw them: the tree's
// iter-N numbering is boots x iterations, so a resumed schedule keeps them.
// A state that names none is from before they were bound: 1 each.
void bindIterations(ScheduleState& state, const MatrixSpec& spec, const fs::path& workDir) {
    for (const auto& row : spec.rows) {
        const int asked = bootIterations(spec, row);
        const bool older = countWith(state, row.name, BootStatus::Accepted) > 0;
        const int bound = state.iterations.try_emplace(row.name, older ? 1 : asked).first->second;
        if (bound != asked)
            throw UsageError("row " + row.name + "'s boots run " + std::to_string(bound) +
                             " iterations each in the schedule in " + workDir.string() + ", this run asks " +
                             std::to_string(asked) + ": use --iterations-per-boot " + std::to_string(bound) +
                             " or a new --work-dir");
    }
}

// What the first benchmark that failed said first: its first line after
// "Starting test NAME" that is its own ("NAME: ..."), not its "running" line.
// The cause of a deterministic failure, named in the reason (and so in
// matrix-rows.txt and the report), not only in a file beside it.
constexpr std::size_t kMaxComplaintChars = 240;

std::string firstComplaint(const BootFiles& files) {
    const std::string* out = files.find("boot/run-config.out");
    if (!out) return "";
    std::istringstream in(*out);
    std::string bench;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("Starting test ", 0) == 0) bench = line.substr(14) + ": ";
        else if (!bench.empty() && line.rfind(bench, 0) == 0 && line.rfind(bench + "running ", 0) != 0)
            return ": " + escapeControls(line.substr(0, kMaxComplaintChars));
    }
    return "";
}

}  // namespace

ScheduleState loadOrStart(const MatrixSpec& spec, const fs::path& workDir) {
    fs::create_directories(workDir / "matrix");
    const std::string digest = matrixDigest(spec);
    auto state = loadState(statePath(workDir));
    if (!state) state = initialState(spec, digest, std::time(nullptr));
    if (state->digest != digest)
        throw UsageError("work dir " + workDir.string() + " holds a schedule of another matrix or config (" +
                         statePath(workDir).string() + "): use a new --work-dir");
    for (const auto& b : state->boots) rowNamed(spec, b.row);
    bindKernels(*state, spec, workDir);
    bindIterations(*state, spec, workDir);
    return *state;
}

const KernelIdentity& rowKernel(const ScheduleState& state, const MatrixRow& row) {
    const auto it = state.kernels.find(row.name);
    if (it == state.kernels.end()) throw Error("the schedule has no kernel for row " + row.name);
    return it->second;
}

// A boot whose iterations were renamed into the tree just before the
// process died (the state still says started or measuring) is accepted, not
// redone: its first iter-N's matrix-boot.txt names it (importIterations
// renames that one last). Iterations renamed without it are removed.
void acceptImported(ScheduleState& state, const fs::path& workDir) {
    for (std::size_t i = 0; i < state.boots.size(); ++i) {
        const BootRecord& b = state.boots[i];
        if (b.status != BootStatus::Started && b.status != BootStatus::Measuring) continue;
        const int first = nextIteration(state, b.row);
        const fs::path record = workDir / "log" / b.row / ("iter-" + std::to_string(first)) / "matrix-boot.txt";
        std::ifstream in(record);
        std::string line, second;
        std::getline(in, line);
        std::getline(in, second);
        if (second == "boot: " + std::to_string(b.number)) markAccepted(state, i);
        else removePartialImport(workDir, b.row, first, rowIterations(state, b.row));
    }
}

void settleFailedBoot(ScheduleState& state, std::size_t index, const fs::path& workDir, const std::string& why,
                      const std::string& console) {
    const BootRecord& b = state.boots.at(index);
    keepBootRecord(workDir, b.number,
                   "row: " + b.row + "\nboot: " + std::to_string(b.number) + "\nverdict: failed: " + why + "\n", {},
                   console);
    std::cout << "mitigation-matrix: boot " << b.number << " (" << b.row << ") FAILED: " << escapeControls(why)
              << " (not counted; the row gets another boot)" << std::endl;
    markFailed(state, index, why);
}

void settleBoot(ScheduleState& state, std::size_t index, const MatrixSpec& spec, const fs::path& workDir,
                const BootFiles& files, const std::string& console) {
    const BootRecord b = state.boots.at(index);
    const MatrixRow& row = rowNamed(spec, b.row);
    BootEvidence evidence;
    try {
        evidence = evidenceFrom(files);
    } catch (const Error& e) {
        settleFailedBoot(state, index, workDir, e.what(), console);
        return;
    }
    if (auto why = wrongKernel(rowKernel(state, row), evidence.release)) {
        settleFailedBoot(state, index, workDir, *why, console);
        return;
    }
    const auto rejected = rejection(row, evidence);
    std::string record = bootRecordText(row, b.number, evidence, rejected);
    // Where it was measured (run-config's provenance.txt, the host's words on top).
    if (const std::string* where = files.find("log/" + row.name + "/iter-0/provenance.txt"))
        record += escapeControlsKeepingLines(*where);
    keepBootRecord(workDir, b.number, record, files, console);
    if (rejected) {
        std::cout << "mitigation-matrix: boot " << b.number << " (" << row.name
                  << ") REJECTED, not counted: " << *rejected << std::endl;
        markRejected(state, index, *rejected);
        return;
    }
    if (const std::string* check = files.find("boot/check.status"); check && check->rfind("0", 0) != 0) {
        const std::string* out = files.find("boot/check.out");
        settleFailedBoot(state, index, workDir,
                         "the boot's own check did not run the workload: " +
                             escapeControls(out ? out->substr(0, 300) : std::string("(no check.out)")),
                         console);
        return;
    }
    if (const int status = runConfigStatus(files); status != 0) {
        settleFailedBoot(state, index, workDir,
                         "run-config exited " + std::to_string(status) + firstComplaint(files) +
                             " (see matrix/boots/boot-" + std::to_string(b.number) + "/run-config.out)",
                         console);
        return;
    }
    const int iteration = nextIteration(state, row.name);
    const int count = rowIterations(state, row.name);
    try {
        importIterations(workDir, row, iteration, count, files, record);
    } catch (const Error& e) {  // e.g. the guest's run-config wrote no iter-0
        settleFailedBoot(state, index, workDir, e.what(), console);
        return;
    }
    markAccepted(state, index);
    std::cout << "mitigation-matrix: boot " << b.number << " (" << row.name << ") accepted as " << row.name << "/iter-"
              << iteration << (count > 1 ? "..iter-" + std::to_string(iteration + count - 1) : "") << " ("
              << escapeControls(evidence.release) << ", boot_id " << escapeControls(evidence.bootId) << ")"
              << std::endl;
}

}  // namespace mmtp::matrix
