#include "common/workload_main.hpp"

#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/signals.hpp"

#include <iostream>

namespace mmtp {

int runWorkloadMain(const char* name, const char* summary, const OptionTable& options, int argc,
                    const char* const argv[], const std::function<int(const OptionValues&)>& body) {
    return runReportingErrors(name, [&]() -> int {
        const OptionValues values = options.parse(argc, argv);
        if (values.helpRequested) {
            options.printHelp(std::cout, name, summary);
            std::cout.flush();
            return kExitOk;
        }
        if (values.has("print-option")) {
            const std::string& option = values.text("print-option");
            std::cout << (values.has(option) ? values.text(option) : "") << std::endl;
            return kExitOk;
        }
        struct RemoveCreatedDirs {
            ~RemoveCreatedDirs() { removeCreatedDirsIfEmpty(); }
        } removeCreated;  // after the guard: the run's own cleanup is over by then
        InterruptGuard guard;
        return body(values);
    });
}

}  // namespace mmtp
