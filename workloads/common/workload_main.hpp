// workload_main.hpp - the one main() of every workload program: parse the
// option table (command line, config variables, defaults), answer --help,
// --print-option, --print-variables and --estimate, turn the values into
// the workload's settings, run its supported() preflight, then run it.
// Errors are caught once (base/errors.hpp) and end as one line
// "PROG: message" with the shared exit codes: 0 ok, 1 failure, 2 usage,
// 3 unsupported here, 130 interrupted; --help prints them (exitLine).
#pragma once
#include "common/option_table.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mmtp {

// What the shared exit codes mean for one program, for --help's exit line.
struct ExitMeanings {
    const char* failure = "failure";
    const char* usage = "bad option";
    const char* unsupported = nullptr;  // what exit 3 means here; nullptr: the program never exits 3
};

// "Exit: 0 ok, 1 failure, 2 bad option, 3 ..., 130 interrupted." A table
// with --after-ibpb-pulse adds that its step failing is a failure too.
std::string exitLine(const ExitMeanings& exits, const OptionTable& options);

// What a program needs beyond itself in a bare guest (the mitigation
// matrix's initramfs, which knows no workload): --print-needs prints one
// "KIND VALUE" a line, each kind below.
struct GuestNeeds {
    std::vector<std::string> programs = {};              // "program NAME": found on PATH, copied with its libraries
    std::vector<std::string> users = {};                 // "user NAME": an account it runs something as
    std::vector<std::string> scratchDiskVariables = {};  // "scratch-disk VAR": set to the guest's scratch disk
};
// The lines, plus "sibling ibpb-pulse" when the table has --after-ibpb-pulse
// (the program it runs from beside this one).
std::string needsText(const GuestNeeds& needs, const OptionTable& options);

// Seconds one run takes with these option values (nullopt: it depends on
// the machine). Reads the values, never the settings: run-config asks
// before LOGDIR_RESULTS exists.
using DurationEstimate = std::function<std::optional<double>(const OptionValues&)>;

template <class Settings>
struct Workload {
    const char* name;
    const char* summary;  // printed under the usage line of --help
    const OptionTable& options;
    // Values -> settings; throws UsageError naming the option.
    std::function<Settings(const OptionValues&)> settings;
    // Before anything is measured: throws UnsupportedError (exit 3) naming
    // what this machine lacks, or UsageError for an unusable log directory.
    // May record what it found (e.g. the CPUs a binding resolved to).
    std::function<void(Settings&)> supported;
    std::function<int(const Settings&)> run;
    // --help's exit line; nullopt: the summary lists the program's own codes.
    std::optional<ExitMeanings> exits = std::nullopt;
    // --estimate; none: "unknown".
    DurationEstimate estimate = nullptr;
    GuestNeeds needs = {};  // --print-needs
};

// What the shared main answers without running the workload.
struct WorkloadDescription {
    const char* name;
    std::string summary;  // with the exit line, when there is one
    const OptionTable& options;
    DurationEstimate estimate;
    GuestNeeds needs = {};
};

// Parses, answers --help, --print-option NAME, --print-variables and
// --estimate, installs the SIGINT/SIGTERM guard and runs body inside
// runReportingErrors.
int runWorkloadMain(const WorkloadDescription& d, int argc, const char* const argv[],
                    const std::function<int(const OptionValues&)>& body);

template <class Settings>
int workloadMain(const Workload<Settings>& w, int argc, const char* const argv[]) {
    const std::string summary = w.exits ? std::string(w.summary) + "\n" + exitLine(*w.exits, w.options) : w.summary;
    return runWorkloadMain({w.name, summary, w.options, w.estimate, w.needs}, argc, argv, [&w](const OptionValues& v) {
        Settings s = w.settings(v);
        w.supported(s);
        return w.run(s);
    });
}

}  // namespace mmtp
