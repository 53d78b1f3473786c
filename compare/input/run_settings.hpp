// run_settings.hpp - what MMTests' compare-kernels.sh reads from each run
// before any benchmark: the kernel command line from dmesg.gz, the LSM order,
// preempt-dynamic, the C-state exit latencies, the storage scheduler, kernel
// warnings, and the baseline's compiler/runtime/sysctl option files. Read as
// the shell reads them, so the sections print byte for byte.
#pragma once
#include "core/warnings.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct RunSettings {
    std::string run;
    std::optional<std::string> cmdline;  // extract-dmesg-cmdline's line; nullopt without iter-0/dmesg.gz
    std::string lsm = "(unavailable)";      // iter-0/security-lsm
    std::string preempt = "(unavailable)";  // iter-0/preempt-dynamic
    std::string cpuidle = "(unavailable)";  // iter-0/cpuidle-latencies.txt
    std::vector<std::string> ioSchedulers;  // "RUN:" padded, then the scheduler line, per storageioqueue.txt
    std::vector<std::string> kernelWarnings;  // WARNING:/Oops: lines of every dmesg.gz
    Warnings warnings;                        // files refused (not regular, past a limit)
};

// A file that cannot be read is left out with a warning, never fatal.
RunSettings readRunSettings(const std::filesystem::path& logDir, const std::string& run);

// extract-dmesg-cmdline: the sorted, unique tokens of the first "Command
// line:" without BOOT_IMAGE=, root= and resume=, each followed by a space.
std::string cmdlineOfDmesg(const std::string& dmesg);

// `find RUN [-maxdepth N] -name NAME | sort`: paths "RUN/..." relative to
// logDir, sorted bytewise; symlinked directories are not entered (as find).
std::vector<std::string> findInRun(const std::filesystem::path& logDir, const std::string& run,
                                   const std::string& name, int maxDepth);

// The report fingerprint compare-kernels.sh keeps in report.md5: the md5 of
// every tests-timestamp of the runs, in order, as they are on disk.
std::string reportFingerprint(const std::filesystem::path& logDir, const std::vector<std::string>& runs);

// compiler.opts, runtime.opts and sysctl.opts of the baseline (the first
// found within 4 levels), each with repeated lines dropped (uniq) and a
// blank line after; "" when none exists.
std::string optionBlocks(const std::filesystem::path& logDir, const std::string& baseRun, Warnings& warnings);

// The benchmark's workload settings in the run, as run-config records them:
// the assignments of the "Run: VAR=VALUE ... PROGRAM" line of the first
// iter-N/runtime.opts whose PROGRAM is bench, sorted, without the program's
// path (another checkout's build runs the same settings) and without the
// repetition counts (VAR ending in _ITERATIONS: more samples, the same
// measurement). nullopt when the run recorded none (MMTests' own trees):
// such a run's settings are unknown, never "different".
std::optional<std::vector<std::string>> benchmarkSettings(const std::filesystem::path& logDir,
                                                          const std::string& run, const std::string& bench);
// The same of the "Defaults: VAR=DEFAULT ... PROGRAM" line run-config writes
// before it: the bench's own default of each variable the Run: line names.
// nullopt when the run recorded none (older trees, MMTests' own).
std::optional<std::vector<std::string>> benchmarkDefaults(const std::filesystem::path& logDir,
                                                          const std::string& run, const std::string& bench);

}  // namespace mmtp::compare
