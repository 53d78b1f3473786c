// run_validity.hpp - whether a run's results for one benchmark can be trusted,
// from what run-mmtests.sh and run-config record beside them:
//   iter-N/tests-timestamp  "test begin :: BENCH T", "test end :: BENCH T RC",
//                           and run-config's "interrupted :: BENCH T SIG"; MMTests
//                           of 2020 and before write "test end :: BENCH T" with
//                           no RC: exit unknown, not failed
//   mmtests-activity        "status :: RC" once the whole run finished
//   iter-N/BENCH/logs       the benchmark's own logs
// A failed, interrupted, cut-short or log-less run still gets its table
// column (as MMTests prints it), but a report warns about it and verdicts
// leave it out.
#pragma once
#include "core/warnings.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace mmtp::compare {

enum class RunProblem {
    None,
    Failed,       // the benchmark exited non-zero (test end RC != 0)
    Interrupted,  // Ctrl-C / SIGTERM: run-config's interrupted mark or status 130
    Incomplete,   // started but never ended (SIGKILL, crash), or the run never finished
    NoLogs,       // no iter-N/BENCH/logs, or an empty one
};

struct RunValidity {
    std::string run;
    RunProblem problem = RunProblem::None;
    std::string reason;  // one line for a warning, "" when valid
    int iterations = 0;  // iter-N directories that ran the benchmark
    // Failed for want of what the kernel lacks, as its log says
    // (input/failure_cause.hpp): "per-task indirect-branch control absent
    // (spectre_v2_user=prctl)"; "" otherwise. Also at the end of reason.
    std::string missingCapability;
    bool exitUnknown = false;  // some "test end" line records no exit code (old MMTests)
    bool valid() const { return problem == RunProblem::None; }
};

// Whether any of the runs is invalid.
bool anyInvalid(const std::vector<RunValidity>& validity);

// "failed", "interrupted", "incomplete", "no logs" ("" for None).
const char* problemName(RunProblem problem);

// The first problem found in runDir for bench (interrupted, then incomplete,
// then failed, then no logs). Unreadable files are warnings, not problems.
RunValidity checkRunValidity(const std::filesystem::path& runDir, const std::string& run, const std::string& bench,
                             Warnings& warnings);

// checkRunValidity for each run. How many iterations a run has is its own
// plan, never measured against its peers.
std::vector<RunValidity> checkRunsValidity(const std::filesystem::path& logDir, const std::vector<std::string>& runs,
                                           const std::string& bench, Warnings& warnings);

// Whether the run is still being written: its mmtests-activity exists but
// lacks the "status :: RC" line run-config and run-mmtests.sh write last (a
// tree without that file, as MMTests' own trees may be, counts as finished).
bool runUnfinished(const std::filesystem::path& runDir, Warnings& warnings);

}  // namespace mmtp::compare
