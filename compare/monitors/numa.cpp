// The NUMA monitors. MonitorNumanodeusage.pm: each node's MemUsed (bytes)
// per numa-meminfo-BENCH snapshot, as NodeN. MonitorNumaconvergence.pm: the
// share of local NUMA hinting faults over a sliding window of the last
// 20000 (each slot standing for 100 faults), after each proc-vmstat-BENCH
// snapshot.
#include "monitors/framing.hpp"
#include "monitors/monitors.hpp"
#include "monitors/text.hpp"

#include "core/perl_scalar.hpp"

#include <algorithm>
#include <cmath>
#include <regex>

namespace mmtp::compare {

namespace {

// One iteration: NodeN's MemUsed in bytes per snapshot.
void readNodeUsage(const std::filesystem::path& iterDir, const std::string& benchmark, Rows& rows) {
    static const std::regex kUsed("^Node ([0-9]+) MemUsed:\\s+([0-9]*)");
    double timestamp = 0, start = 0;
    for (const std::string& line : monitorLogLines(iterDir, "numa-meminfo", benchmark)) {
        if (std::optional<double> stamp = timeStamp(line)) {
            if (start == 0) start = *stamp;
            timestamp = *stamp;
            continue;
        }
        std::smatch m;
        if (std::regex_search(line, m, kUsed))
            rows.push_back(monitorRow("Node" + m[1].str(), timestamp - start, exactText(numify(m[2].str()) * 1024)));
    }
}

}  // namespace

MonitorRun parseNumaNodeUsageMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                     MonitorSession&) {
    const std::string sub = r.subHeading.empty() ? "Usage" : r.subHeading;
    if (sub == "MemoryBalance") throw MonitorDied("numanodeusage MemoryBalance is not supported here");
    if (sub != "Usage") throw MonitorDied("Died (numanodeusage takes Usage or MemoryBalance)");
    return readEachIteration(iterDirs, [&r](const std::filesystem::path& iterDir, Rows& rows) {
        readNodeUsage(iterDir, r.benchmark, rows);
    });
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

namespace {

// What the module keeps in $self: across iterations.
struct ConvergenceState {
    FaultWindow window;
    double lastFaults = 0, lastLocal = 0;
};

// The hinting fault counters of one proc-vmstat snapshot.
struct HintFaults {
    double faults = 0, local = 0;
};
HintFaults hintFaults(const std::vector<std::string>& block) {
    HintFaults h;
    for (const std::string& b : block) {
        std::vector<std::string> f = splitEachBlank(b);
        std::string stat = rowText(fieldAt(f, 0));
        if (stat == "numa_hint_faults") h.faults = numOf(fieldAt(f, 1));
        if (stat == "numa_hint_faults_local") h.local = numOf(fieldAt(f, 1));
    }
    return h;
}

// Steps of 100 faults that MMTests' loop below would never finish.
void refuseEndlessSteps(double localSteps, double remoteSteps) {
    // MMTests would loop for ever on a counter that went backwards.
    if (localSteps < 0 || remoteSteps < 0)
        throw MonitorDied("NUMA hinting fault counters went backwards (MMTests never finishes here)");
    // Past 2^53 Perl's $batches-- stands still and it never finishes either.
    if (!(localSteps < kExactSteps) || !(remoteSteps < kExactSteps))
        throw MonitorDied("a NUMA hinting fault counter step over 2^53 faults (MMTests never finishes here)");
}

// The window after one snapshot: remote and local batches pushed in turn.
double convergenceAfter(const HintFaults& h, ConvergenceState& st) {
    double newLocal = 0, newRemote = 0;
    if (st.lastFaults != 0) {
        newLocal = h.local - st.lastLocal;
        newRemote = (h.faults - st.lastFaults) - newLocal;
    }
    st.lastFaults = h.faults;
    st.lastLocal = h.local;
    const double localSteps = std::trunc(newLocal / 100), remoteSteps = std::trunc(newRemote / 100);
    refuseEndlessSteps(localSteps, remoteSteps);
    long long localBatches = static_cast<long long>(localSteps);
    long long remoteBatches = static_cast<long long>(remoteSteps);
    FaultWindow::skipOverwritten(remoteBatches, localBatches);
    while (remoteBatches || localBatches) {
        if (remoteBatches) {
            st.window.push(true);
            --remoteBatches;
        }
        if (localBatches) {
            st.window.push(false);
            --localBatches;
        }
    }
    return st.window.convergence();
}

// One iteration: the convergence after each non-empty snapshot.
void readConvergence(const std::filesystem::path& iterDir, const std::string& benchmark, ConvergenceState& st,
                     Rows& rows) {
    double timestamp = 0, start = 0;
    std::vector<std::string> block;
    for (const std::string& line : monitorLogLines(iterDir, "proc-vmstat", benchmark)) {
        const std::optional<double> stamp = timeStamp(line);
        if (!stamp) {
            block.push_back(line);
            continue;
        }
        if (start == 0) start = *stamp;
        timestamp = *stamp;
        if (block.empty()) continue;
        const HintFaults h = hintFaults(block);
        block.clear();
        rows.push_back(monitorRow("convergence", timestamp - start, exactText(convergenceAfter(h, st))));
    }
}

}  // namespace

MonitorRun parseNumaConvergenceMonitor(const std::vector<std::filesystem::path>& iterDirs, const MonitorRequest& r,
                                       MonitorSession&) {
    ConvergenceState state;
    return readEachIteration(iterDirs, [&](const std::filesystem::path& iterDir, Rows& rows) {
        readConvergence(iterDir, r.benchmark, state, rows);
    });
}

}  // namespace mmtp::compare
