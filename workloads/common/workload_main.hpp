// workload_main.hpp - the one main() of every workload program: parse the
// option table (command line, config variables, defaults), answer --help,
// turn the values into the workload's settings, run its supported()
// preflight, then run it. Errors are caught once (base/errors.hpp) and end
// as one line "PROG: message" with the shared exit codes: 0 ok, 1 failure,
// 2 usage, 3 unsupported here, 130 interrupted.
#pragma once
#include "common/option_table.hpp"

#include <functional>

namespace mmtp {

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
};

// Parses, answers --help and --print-option NAME, installs the SIGINT/SIGTERM guard and runs body
// inside runReportingErrors.
int runWorkloadMain(const char* name, const char* summary, const OptionTable& options, int argc,
                    const char* const argv[], const std::function<int(const OptionValues&)>& body);

template <class Settings>
int workloadMain(const Workload<Settings>& w, int argc, const char* const argv[]) {
    return runWorkloadMain(w.name, w.summary, w.options, argc, argv, [&w](const OptionValues& v) {
        Settings s = w.settings(v);
        w.supported(s);
        return w.run(s);
    });
}

}  // namespace mmtp
