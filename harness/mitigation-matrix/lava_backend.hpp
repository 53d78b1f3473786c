// lava_backend.hpp - --backend lava: the schedule as LAVA jobs, one boot
// each, with the state machine every backend shares (schedule.hpp,
// settle_boot.hpp). A boot goes pending -> started, and its job is
// "submitted JOB-ID" in DIR/matrix/lava/jobs (lava_run.hpp) until its log is
// read: the guest's files from the console between the markers, judged by
// the row's boot check, never by LAVA's job health (a failed test case
// leaves a job "Complete"). A run that died with a job submitted waits for
// that job when run again; a job without the guest's files is a failed boot,
// redone within the budget.
#pragma once
#include "mitigation-matrix/lava_jobs.hpp"
#include "mitigation-matrix/matrix_spec.hpp"
#include "mitigation-matrix/schedule.hpp"

#include <filesystem>

namespace mmtp::matrix {

struct LavaSetup {
    std::filesystem::path binDir;  // run-config and the workloads, for the ramdisks
    LavaMachine machine;
    std::filesystem::path device;  // lava-run's device dictionary; empty: a qemu device of the matrix's guest
    bool kvm = false;              // for that qemu device
};

void runLavaSchedule(const MatrixSpec& spec, const std::filesystem::path& workDir, const LavaSetup& setup,
                     const MoreBoots& more = {});

}  // namespace mmtp::matrix
