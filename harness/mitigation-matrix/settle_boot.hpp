// settle_boot.hpp - what every backend does with a boot that came back:
// read its evidence, judge it against its row, keep its record, and either
// add it to the tree as the row's next iteration or leave it out, named.
#pragma once
#include "mitigation-matrix/boot_files.hpp"
#include "mitigation-matrix/matrix_spec.hpp"
#include "mitigation-matrix/schedule_state.hpp"

#include <filesystem>
#include <string>

namespace mmtp::matrix {

// The state file of a work dir.
std::filesystem::path statePath(const std::filesystem::path& workDir);

// Loads the schedule of workDir, or starts one; refuses (UsageError) a
// schedule made from another matrix or config, or one whose row's kernel
// image changed since it started. Binds each row's kernel (rowKernel).
ScheduleState loadOrStart(const MatrixSpec& spec, const std::filesystem::path& workDir);

// The kernel the schedule bound to row (its image, release and digest).
const KernelIdentity& rowKernel(const ScheduleState& state, const MatrixRow& row);

// Judges and records boot `index` of state (which the caller then saves).
// Prints one line: accepted as iter-N, REJECTED with the reason, or failed.
void settleBoot(ScheduleState& state, std::size_t index, const MatrixSpec& spec, const std::filesystem::path& workDir,
                const BootFiles& files, const std::string& console);

// A boot that never came back: failed, its console kept.
void settleFailedBoot(ScheduleState& state, std::size_t index, const std::filesystem::path& workDir,
                      const std::string& why, const std::string& console);

// A boot still marked started or measuring whose iter-N is in the tree
// (the process died between the rename and the state save): accepted.
void acceptImported(ScheduleState& state, const std::filesystem::path& workDir);

const MatrixRow& rowNamed(const MatrixSpec& spec, const std::string& name);

}  // namespace mmtp::matrix
