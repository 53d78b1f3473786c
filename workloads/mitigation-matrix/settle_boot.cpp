// settle_boot.cpp - a returned boot into the state and the tree.
#include "mitigation-matrix/settle_boot.hpp"

#include "base/errors.hpp"
#include "base/terminal_text.hpp"
#include "mitigation-matrix/boot_check.hpp"
#include "mitigation-matrix/schedule.hpp"
#include "mitigation-matrix/tree_import.hpp"

#include <ctime>
#include <fstream>
#include <iostream>

namespace fs = std::filesystem;

namespace mmtp::matrix {

fs::path statePath(const fs::path& workDir) { return workDir / "matrix" / "state"; }

const MatrixRow& rowNamed(const MatrixSpec& spec, const std::string& name) {
    for (const auto& r : spec.rows)
        if (r.name == name) return r;
    throw UsageError("the schedule names row " + name + ", which " + spec.file.string() + " does not have");
}

ScheduleState loadOrStart(const MatrixSpec& spec, const fs::path& workDir) {
    fs::create_directories(workDir / "matrix");
    const std::string digest = matrixDigest(spec);
    auto state = loadState(statePath(workDir));
    if (!state) return initialState(spec, digest, std::time(nullptr));
    if (state->digest != digest)
        throw UsageError("work dir " + workDir.string() + " holds a schedule of another matrix or config (" +
                         statePath(workDir).string() + "): use a new --work-dir");
    for (const auto& b : state->boots) rowNamed(spec, b.row);
    return *state;
}

// A boot whose iteration was renamed into the tree just before the process
// died (the state still says started or measuring) is accepted, not redone:
// its iter-N's matrix-boot.txt names it.
void acceptImported(ScheduleState& state, const fs::path& workDir) {
    for (std::size_t i = 0; i < state.boots.size(); ++i) {
        const BootRecord& b = state.boots[i];
        if (b.status != BootStatus::Started && b.status != BootStatus::Measuring) continue;
        const fs::path record =
            workDir / "log" / b.row / ("iter-" + std::to_string(nextIteration(state, b.row))) / "matrix-boot.txt";
        std::ifstream in(record);
        std::string first, second;
        std::getline(in, first);
        std::getline(in, second);
        if (second == "boot: " + std::to_string(b.number)) markAccepted(state, i);
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
    const auto rejected = rejection(row, evidence);
    const std::string record = bootRecordText(row, b.number, evidence, rejected);
    keepBootRecord(workDir, b.number, record, files, console);
    if (rejected) {
        std::cout << "mitigation-matrix: boot " << b.number << " (" << row.name
                  << ") REJECTED, not counted: " << *rejected << std::endl;
        markRejected(state, index, *rejected);
        return;
    }
    if (const int status = runConfigStatus(files); status != 0) {
        settleFailedBoot(state, index, workDir,
                         "run-config exited " + std::to_string(status) + " (see matrix/boots/boot-" +
                             std::to_string(b.number) + "/run-config.out)",
                         console);
        return;
    }
    const int iteration = nextIteration(state, row.name);
    try {
        importIteration(workDir, row, iteration, files, record);
    } catch (const Error& e) {  // e.g. the guest's run-config wrote no iter-0
        settleFailedBoot(state, index, workDir, e.what(), console);
        return;
    }
    markAccepted(state, index);
    std::cout << "mitigation-matrix: boot " << b.number << " (" << row.name << ") accepted as " << row.name << "/iter-"
              << iteration << " (" << escapeControls(evidence.release) << ", boot_id "
              << escapeControls(evidence.bootId) << ")" << std::endl;
}

}  // namespace mmtp::matrix
