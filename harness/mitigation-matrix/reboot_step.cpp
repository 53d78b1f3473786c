// reboot_step.cpp - one step of a schedule that reboots this machine.
#include "mitigation-matrix/reboot_step.hpp"

#include "mitigation-matrix/schedule.hpp"
#include "mitigation-matrix/settle_boot.hpp"

#include <ctime>
#include <iostream>

namespace fs = std::filesystem;

namespace mmtp::matrix {
namespace {

std::optional<std::size_t> bootWith(const ScheduleState& state, BootStatus status) {
    for (std::size_t i = 0; i < state.boots.size(); ++i)
        if (state.boots[i].status == status) return i;
    return std::nullopt;
}

}  // namespace

StepResult rebootStep(const MatrixSpec& spec, const fs::path& workDir, const RebootHooks& hooks,
                      const MoreBoots& more) {
    ScheduleState state = loadOrStart(spec, workDir);
    const fs::path file = statePath(workDir);
    acceptImported(state, workDir);
    if (failInterrupted(state, BootStatus::Measuring, "the machine or mitigation-matrix went down while this boot ran"))
        saveState(file, state);
    const std::string bootId = hooks.currentBootId();
    if (auto started = bootWith(state, BootStatus::Started)) {
        const BootRecord& b = state.boots[*started];
        const MatrixRow& row = rowNamed(spec, b.row);
        if (b.bootIdBefore == bootId) {
            std::cout << "mitigation-matrix: boot " << b.number << " (" << row.name
                      << ") was arranged but this machine has not rebooted since (same boot_id)" << std::endl;
            hooks.arrangeReboot(row, rowKernel(state, row), b.number);
            return StepResult::StillWaiting;
        }
        state.boots[*started].status = BootStatus::Measuring;
        saveState(file, state);
        const BootFiles files = hooks.measureHere(row, rowKernel(state, row));
        settleBoot(state, *started, spec, workDir, files, "");
        saveState(file, state);
    }
    const auto next = nextBootOrMore(state, spec, std::time(nullptr), more);
    if (!next) {
        saveState(file, state);
        return StepResult::Done;
    }
    state.boots[*next].status = BootStatus::Started;
    state.boots[*next].bootIdBefore = bootId;
    saveState(file, state);
    const MatrixRow& nextRow = rowNamed(spec, state.boots[*next].row);
    hooks.arrangeReboot(nextRow, rowKernel(state, nextRow), state.boots[*next].number);
    return StepResult::RebootArranged;
}

}  // namespace mmtp::matrix
