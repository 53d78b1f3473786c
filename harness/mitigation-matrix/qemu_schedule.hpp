// qemu_schedule.hpp - the whole schedule in fresh guests, in one process:
// resumed from the state file when one exists (a guest that was running when
// the last process died is marked failed and its row gets another boot).
#pragma once
#include "mitigation-matrix/matrix_spec.hpp"
#include "mitigation-matrix/qemu_backend.hpp"
#include "mitigation-matrix/schedule.hpp"

#include <filesystem>

namespace mmtp::matrix {

// Returns when the schedule is done or its budget spent; more: --until-decided's
// rounds (schedule.hpp), empty for the fixed schedule.
void runQemuSchedule(const MatrixSpec& spec, const std::filesystem::path& workDir, const std::filesystem::path& binDir,
                     Accel accel, const MoreBoots& more = {});

}  // namespace mmtp::matrix
