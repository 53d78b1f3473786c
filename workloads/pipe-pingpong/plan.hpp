// plan.hpp - what one pipe-pingpong run does, decided before anything forks:
// which side disables indirect-branch speculation (the RFC's modes) and which
// CPU each side runs on (MMTests' perfpipe bindings, from sysfs topology).
#pragma once
#include "common/cpu_topology.hpp"
#include "common/speculation_ctrl.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace mmtp::pipepingpong {

// Roles follow perf bench sched pipe: the "child" is worker 0 (read, then
// write back), the "parent" is worker 1 (write, then read; it owns the clock).
enum class Mode { Baseline, Child, Parent, Both };

// "baseline" (or ""), "d"/"child", "parent", "both". Throws UsageError.
Mode parseMode(std::string_view text);
std::string_view modeName(Mode m);
inline bool childDisables(Mode m) { return m == Mode::Child || m == Mode::Both; }
inline bool parentDisables(Mode m) { return m == Mode::Parent || m == Mode::Both; }

// Where the two sides run. cpu = -1 means "not pinned".
struct Placement {
    int parentCpu = -1;
    int childCpu = -1;
    bool pinned() const { return parentCpu >= 0; }
};

// binding: "" / "none" (unpinned, perfpipe's default), "pinned" (both on one CPU),
// "cross-ht" (CPU and its SMT sibling), "cross-socket" (CPU and a CPU in another
// package). `cpus` ("A" or "A,B") overrides the binding and names the CPUs.
// The base CPU for pinned/cross-* is `baseCpu`, or the first online CPU.
// Throws UsageError for bad text or offline CPUs, UnsupportedError when the
// topology has no SMT sibling / second package.
Placement resolvePlacement(const CpuTopology& topo, std::string_view binding,
                           std::string_view cpus, std::optional<int> baseCpu);

// What one side saw after its setup, sent to the controller before the clock starts.
struct SideReport {
    int setupErrno = 0;     // errno of a failed pin or PR_SET, 0 if none
    int setupStep = 0;      // 0 ok, 1 pin failed, 2 PR_SET failed
    int maskBefore = -1;    // PR_GET before any PR_SET (-1: PR_GET failed)
    int getErrno = 0;
    int maskAfter = -1;     // PR_GET read back just before measuring
    int cpu = -1;           // sched_getcpu() after pinning
};

// Checks one side's report against what the mode asked for. Returns an empty
// string when the side is ready to be measured, else why not. `unsupported`
// is set when the reason is the machine (no per-task control).
std::string checkSide(std::string_view role, bool wantDisable, int wantCpu,
                      const SideReport& r, bool& unsupported);

}  // namespace mmtp::pipepingpong
