// lava_run.hpp - submitting a LAVA job and waiting for it, where no LAVA
// server is configured: `lava-run --job-id ID --output-dir DIR --device
// DEVICE.yaml JOB.yaml` (lava-dispatcher alone, as root), its log (YAML
// lines on stderr) in DIR.log. lava-run is started in its own session and
// does not die with us: like a server's job, a submitted job outlives a
// SIGKILLed mitigation-matrix, whose next run finds it in the journal and
// waits for it instead of booting again. Ctrl-C cancels it (SIGTERM: LAVA
// stops its qemu and cleans up).
//
// A server (lavacli jobs submit / wait / logs) would fill the same three
// calls; docs/lava.md says how the emitted jobs go there today.
//
// The journal (DIR/matrix/lava/jobs), rewritten whole after every change:
//   mitigation-matrix-lava 1
//   submitted BOOT JOB-ID PID
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <sys/types.h>

namespace mmtp::matrix {

struct SubmittedJob {
    std::string id;
    pid_t pid = 0;  // lava-run's, 0 until it started
};

// boot number -> its job.
using LavaJournal = std::map<int, SubmittedJob>;

LavaJournal loadJournal(const std::filesystem::path& file);
void saveJournal(const std::filesystem::path& file, const LavaJournal& journal);
LavaJournal parseJournal(const std::string& text, const std::filesystem::path& file);
std::string formatJournal(const LavaJournal& journal);

// Where a job's files are: DIR/job-ID.yaml, DIR/job-ID.log, DIR/job-ID/.
struct LavaJobFiles {
    std::filesystem::path definition, log, outputDir;
};
LavaJobFiles jobFiles(const std::filesystem::path& lavaDir, const std::string& id);

// Starts lava-run on the job (files.definition written by the caller);
// returns its pid.
pid_t startLavaRun(const LavaJobFiles& files, const std::string& id, const std::filesystem::path& device);

// Is pid still the lava-run of job id (a recycled pid is not)?
bool lavaRunAlive(pid_t pid, const std::string& id);

// Waits until lava-run's job ends or timeoutSeconds pass (then cancels it).
// Ctrl-C cancels it and throws Interrupted. False: it timed out.
bool waitForLavaRun(pid_t pid, const std::string& id, int timeoutSeconds);

}  // namespace mmtp::matrix
