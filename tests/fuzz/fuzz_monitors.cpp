// libFuzzer target: every --print-monitor parser on an arbitrary log. The
// first byte picks the monitor, the second its --sub-heading; the rest is
// the log, written under the monitor's own name and the names the others
// read (proc-vmstat for numaconvergence, tests-sysstate, the CPU topology).
// vmstat and iostat logs also go through our own by-header readers.
#include "fuzz_parser.hpp"
#include "monitors/iostat_by_header.hpp"
#include "monitors/mpstat_by_header.hpp"
#include "monitors/monitors.hpp"
#include "monitors/vmstat_by_header.hpp"

#include <array>
#include <string_view>

namespace {

constexpr std::array<std::string_view, 34> kMonitors = {
    "duration", "vmstat", "proc-vmstat", "top", "perf-time-stat", "iostat", "proc-interrupts", "read-latency",
    "write-latency", "inboxopen", "mmap-access-latency", "sync-latency", "syscalls", "mpstat", "mmtests-vmstat",
    "mmtests-schedstat", "proc-schedstat", "proc-net-dev", "numanodeusage", "numaconvergence", "turbostat",
    "kcacheslabs", "kcache", "iotop", "latency", "ftrace", "ftraceallocstall", "ftracecompactstall",
    "ftraceshrinkerstall", "ftracebalancedirtypagesstall", "ftracecongestionwaitstall", "ftracewaitiffcongestedstall",
    "ftracepairlatency", "ftracesinglelatency"};
constexpr std::array<const char*, 6> kSubHeadings = {"", "node-0", "kswapd~CPU", "Usage", "us", ".*A+"};
constexpr std::array<const char*, 9> kAlsoRead = {
    "proc-vmstat-bench", "numa-meminfo-bench", "ftrace-bench", "kcache-bench", "kcacheslabs-bench",
    "tests-timestamp", "tests-sysstate", "cpu-topology-mmtests.txt", "mpstat-bench"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    const std::string_view monitor = kMonitors[data[0] % kMonitors.size()];
    const char* sub = kSubHeadings[data[1] % kSubHeadings.size()];
    const auto dir = fuzz::scratchDir() / "iter-0";
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    fuzz::writeInput(dir / (std::string(monitor) + "-bench"), data + 2, size - 2);
    for (const char* name : kAlsoRead) fuzz::writeInput(dir / name, data + 2, size - 2);
    const mmtp::compare::MonitorSpec* spec = mmtp::compare::findMonitor(monitor);
    if (!spec) abort();  // the list above is the monitor table's
    try {
        mmtp::compare::MonitorSession session;
        (void)spec->parse({dir}, {"bench", sub}, session);
    } catch (const mmtp::compare::MonitorDied&) {  // MMTests' module dies here too
    } catch (const mmtp::compare::InputError&) {   // a read limit
    }
    try {
        if (monitor == "vmstat") (void)mmtp::compare::readVmstatByHeader(dir, "bench");
        if (monitor == "iostat") (void)mmtp::compare::readIostatByHeader(dir, "bench");
        if (monitor == "mpstat") {
            const mmtp::compare::MpstatSamples s = mmtp::compare::readMpstatByHeader(dir, "bench");
            for (const auto& [node, tree] : mmtp::compare::readNodeTrees(dir)) (void)mmtp::compare::nodeBusy(s, tree);
        }
    } catch (const std::runtime_error&) {  // no header line, or a read limit
    }
    return 0;
}
