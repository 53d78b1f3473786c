// libFuzzer target: --print-monitor duration on an arbitrary tests-timestamp,
// for a plain name and one whose '.' MonitorDuration.pm treats as a wildcard.
#include "fuzz_parser.hpp"
#include "monitors/monitors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto& dir = fuzz::scratchDir();
    fuzz::writeInput(dir / "tests-timestamp", data, size);
    try {
        mmtp::compare::MonitorSession session;
        (void)mmtp::compare::parseDurationMonitor({dir}, {"redis", ""}, session);
        (void)mmtp::compare::parseDurationMonitor({dir}, {"dbench4.x", ""}, session);
    } catch (const mmtp::compare::InputError&) {
    }
    return 0;
}
