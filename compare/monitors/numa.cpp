// The NUMA monitors. MonitorNumanodeusage.pm: each node's MemUsed (bytes)
// per numa-meminfo-BENCH snapshot, as NodeN. MonitorNumaconvergence.pm: the
// share of local NUMA hinting faults over a sliding window of the last
// 20000 (each slot standing for 100 faults), after each proc-vmstat-BENCH
// snapshot.
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <algorithm>
#include <cmath>
#include <regex>

namespace mmtp::compare {

MonitorRun parseNumaNodeUsageMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                     MonitorSession&) {
    static const std::regex kTime("^time: ([0-9]+)"), kUsed("^Node ([0-9]+) MemUsed:\\s+([0-9]*)");
    const std::string sub = r.subHeading.empty() ? "Usage" : r.subHeading;
    if (sub == "MemoryBalance") throw MonitorDied("numanodeusage MemoryBalance is not supported here");
    if (sub != "Usage") throw MonitorDied("Died (numanodeusage takes Usage or MemoryBalance)");
    MonitorRun run;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        double timestamp = 0, start = 0;
        for (const std::string& line : monitorLogLines(iterDir, "numa-meminfo", r.benchmark)) {
            std::smatch m;
            if (std::regex_search(line, m, kTime)) {
                if (start == 0) start = numify(m[1].str());
                timestamp = numify(m[1].str());
                continue;
            }
            if (std::regex_search(line, m, kUsed))
                rows.push_back(monitorRow("Node" + m[1].str(), timestamp - start, exactText(numify(m[2].str()) * 1024)));
        }
    }
    return run;
}

namespace {

// MonitorNumaconvergence's window: slot i is 1 for a remote batch of faults.
class FaultWindow {
public:
    static constexpr long kSize = 20000;
    void push(bool remote) {
        remotes_ += (remote ? 1 : 0) - (slots_[static_cast<std::size_t>(index_)] ? 1 : 0);
        slots_[static_cast<std::size_t>(index_)] = remote;
        if (++index_ == kSize) index_ = 0;
    }
    double convergence() const { return static_cast<double>(kSize - remotes_) / kSize; }
    // The loop below pushes remote and local in turn, then what is left of
    // the larger count. Whole windows' worth of pushes from the front are
    // overwritten before the end and leave the index where it was: drop
    // them, so one huge counter step costs at most two windows of pushes.
    static void skipOverwritten(long long& remote, long long& local) {
        const long long total = remote + local;
        if (total <= 2 * kSize) return;
        const long long skip = (total - kSize) / kSize * kSize;  // even, as kSize is
        const long long pairs = std::min({remote, local, skip / 2});
        remote -= pairs, local -= pairs;
        (remote > local ? remote : local) -= skip - 2 * pairs;
    }

private:
    std::vector<bool> slots_ = std::vector<bool>(kSize, false);
    long index_ = 0, remotes_ = 0;
};

}  // namespace

constexpr double kExactSteps = 9007199254740992.0;  // 2^53

MonitorRun parseNumaConvergenceMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                       MonitorSession&) {
    static const std::regex kTime("^time: ([0-9]+)");
    MonitorRun run;
    FaultWindow window;           // kept in $self: across iterations
    double lastFaults = 0, lastLocal = 0;
    for (const auto& iterDir : iterDirs) {
        Rows& rows = run.iterations.emplace_back();
        double timestamp = 0, start = 0;
        std::vector<std::string> block;
        for (const std::string& line : monitorLogLines(iterDir, "proc-vmstat", r.benchmark)) {
            std::smatch m;
            if (!std::regex_search(line, m, kTime)) {
                block.push_back(line);
                continue;
            }
            if (start == 0) start = numify(m[1].str());
            timestamp = numify(m[1].str());
            if (block.empty()) continue;
            double faults = 0, local = 0;
            for (const std::string& b : block) {
                std::vector<std::string> f = splitEachBlank(b);
                std::string stat = rowText(fieldAt(f, 0));
                if (stat == "numa_hint_faults") faults = numOf(fieldAt(f, 1));
                if (stat == "numa_hint_faults_local") local = numOf(fieldAt(f, 1));
            }
            block.clear();
            double newLocal = 0, newRemote = 0;
            if (lastFaults != 0) {
                newLocal = local - lastLocal;
                newRemote = (faults - lastFaults) - newLocal;
            }
            lastFaults = faults;
            lastLocal = local;
            const double localSteps = std::trunc(newLocal / 100), remoteSteps = std::trunc(newRemote / 100);
            // MMTests would loop for ever on a counter that went backwards.
            if (localSteps < 0 || remoteSteps < 0)
                throw MonitorDied("NUMA hinting fault counters went backwards (MMTests never finishes here)");
            // Past 2^53 Perl's $batches-- stands still and it never finishes either.
            if (!(localSteps < kExactSteps) || !(remoteSteps < kExactSteps))
                throw MonitorDied("a NUMA hinting fault counter step over 2^53 faults (MMTests never finishes here)");
            long long localBatches = static_cast<long long>(localSteps);
            long long remoteBatches = static_cast<long long>(remoteSteps);
            FaultWindow::skipOverwritten(remoteBatches, localBatches);
            while (remoteBatches || localBatches) {
                if (remoteBatches) {
                    window.push(true);
                    --remoteBatches;
                }
                if (localBatches) {
                    window.push(false);
                    --localBatches;
                }
            }
            rows.push_back(monitorRow("convergence", timestamp - start, exactText(window.convergence())));
        }
    }
    return run;
}

}  // namespace mmtp::compare
