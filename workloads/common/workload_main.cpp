#include "common/workload_main.hpp"

#include "base/errors.hpp"
#include "common/duration_estimate.hpp"
#include "common/preflight.hpp"
#include "common/signals.hpp"

#include <iostream>

namespace mmtp {

std::string exitLine(const ExitMeanings& exits, const OptionTable& options) {
    bool pulseStep = false;
    for (const auto& row : options.rows()) pulseStep = pulseStep || row.name == "after-ibpb-pulse";
    std::string line = std::string("Exit: 0 ok, 1 ") + exits.failure;
    if (pulseStep) line += " (also: the --after-ibpb-pulse step failed)";
    line += std::string(", 2 ") + exits.usage;
    if (exits.unsupported) line += std::string(", 3 ") + exits.unsupported;
    return line + ", 130 interrupted.";
}

std::string needsText(const GuestNeeds& needs, const OptionTable& options) {
    std::string out;
    for (const auto& p : needs.programs) out += "program " + p + "\n";
    for (const auto& u : needs.users) out += "user " + u + "\n";
    for (const auto& v : needs.scratchDiskVariables) out += "scratch-disk " + v + "\n";
    for (const auto& row : options.rows())
        if (row.name == "after-ibpb-pulse") out += "sibling ibpb-pulse\n";
    return out;
}

int runWorkloadMain(const WorkloadDescription& d, int argc, const char* const argv[],
                    const std::function<int(const OptionValues&)>& body) {
    return runReportingErrors(d.name, [&]() -> int {
        const OptionValues values = d.options.parse(argc, argv);
        if (values.helpRequested) {
            d.options.printHelp(std::cout, d.name, d.summary);
            std::cout.flush();
            return kExitOk;
        }
        if (values.variablesRequested) {
            d.options.printVariables(std::cout);
            std::cout.flush();
            return kExitOk;
        }
        if (values.needsRequested) {
            std::cout << needsText(d.needs, d.options) << std::flush;
            return kExitOk;
        }
        if (values.yes("estimate")) {
            std::cout << estimateLine(d.estimate ? d.estimate(values) : std::nullopt) << std::endl;
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
