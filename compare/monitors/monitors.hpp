// monitors.hpp - --print-monitor NAME: one parser per monitor log format
// (MMTests' bin/lib/MMTests/Monitor*.pm), and the table that says how each
// monitor is summarised. A parser reads a run's iter-* directories into the
// rows Extract.pm's addData would get: metric = operation, interval = sample
// number, value (text as read, or a computed number written exactly).
#pragma once
#include "benchmarks/shellpack_config.hpp"
#include "core/rows.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare {

struct MonitorRequest {
    std::string benchmark;   // -b: monitor logs are iter-N/MONITOR-BENCH[.gz]
    std::string subHeading;  // --sub-heading, "" when not given
};

struct MonitorRun {
    std::vector<Rows> iterations;                         // one per iter-* directory
    std::optional<std::vector<std::string>> operations;  // a fixed operation list (_Operations)
    std::optional<int> fieldLength;                       // a width set while reading (iostat)
};

// What a monitor module keeps in file-scope variables, so across every run
// of one invocation (iostat's set of busy devices).
struct MonitorSession {
    std::set<std::string> busyDevices;
    // MonitorMpstat's Visualise modules: the first CPU line's shape, the
    // first timestamp, and the node container RenderMmtests caches on its
    // first frame and then reads in every later run (so later runs repeat
    // the value that container last got).
    long mpstatExpectedElements = -1;
    std::optional<std::string> mpstatFirstCpu;
    double mpstatStart = 0;
    std::optional<double> mpstatCachedNode;
    // MonitorFtrace.pm's %processMap: the last process name seen per pid.
    std::map<std::string, std::string> ftraceProcesses;
};

// Where the module's extractReport dies: compare-mmtests.pl warns and drops
// that run (and fails when no run is left).
struct MonitorDied : std::runtime_error {
    using std::runtime_error::runtime_error;
};

using MonitorParseFn = MonitorRun (*)(const std::vector<std::filesystem::path>& iterDirs,
                                      const MonitorRequest& request, MonitorSession& session);

struct MonitorSpec {
    std::string_view name;   // the --print-monitor argument
    SummaryType summary;     // Monitor (Amean, Max), Multiops or Singleops
    int fieldLength;         // the column width after initialise
    bool preferHigher;
    bool exactSubheading;    // --sub-heading must equal the operation (else /^X/)
    std::string_view opName; // Singleops' row title
    // Summary statistics chosen from --sub-heading (MonitorLatency.pm); when
    // set they replace the summary type's, with ratioStats below.
    std::vector<std::string> (*customStats)(const std::string& subHeading);
    std::vector<std::string> customRatioStats;
    MonitorParseFn parse;
    // false where --sub-heading is an option of the module (iotop's column
    // and reduction), so every operation is reported.
    bool subheadingSelectsOps = true;
};

// nullptr for a monitor without a module here.
const MonitorSpec* findMonitor(std::string_view name);
// Every supported monitor name, for messages.
std::string supportedMonitors();

// The parsers (one file each).
MonitorRun parseDurationMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseVmstatMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseProcVmstatMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseTopMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parsePerfTimeStatMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseIostatMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseProcInterruptsMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseReadLatencyMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseWriteLatencyMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseSyncLatencyMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseMmtestsVmstatMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseMmtestsSchedstatMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseProcSchedstatMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseProcNetDevMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseNumaNodeUsageMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseNumaConvergenceMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseSyscallsMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseMpstatMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseTurbostatMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseKcacheMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseKcacheSlabsMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
std::vector<std::string> latencyStats(const std::string& subHeading);
MonitorRun parseIotopMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseGenericLatencyMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
std::vector<std::string> genericLatencyStats(const std::string& subHeading);
MonitorRun parseFtraceMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseFtraceAllocStallMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseFtraceCompactStallMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseFtraceShrinkerStallMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
std::vector<std::string> ftracePairLatencyStats(const std::string& subHeading);
MonitorRun parseFtraceBalanceDirtyPagesStallMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseFtraceCongestionWaitStallMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
MonitorRun parseFtraceWaitIffCongestedStallMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);
std::vector<std::string> ftraceBalanceDirtyPagesStats(const std::string& subHeading);
MonitorRun parseFtraceWithoutReportMonitor(const std::vector<std::filesystem::path>&, const MonitorRequest&, MonitorSession&);

}  // namespace mmtp::compare
