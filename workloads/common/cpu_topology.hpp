// cpu_topology.hpp - which CPUs are online and how they relate (SMT siblings,
// packages), read from sysfs. Used to turn MMTests binding names
// ("cross-ht", "cross-socket") into CPU numbers without numactl or
// list-cpu-siblings.pl, and to find every online CPU (ibpb-pulse --all-cpus).
#pragma once
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace mmtp {

inline const std::filesystem::path kSysCpuRoot = "/sys/devices/system/cpu";

// Parses a kernel CPU list ("0-3,5,7-8\n"), sorted and de-duplicated.
// Throws Error naming `what` on malformed input.
std::vector<int> parseCpuList(std::string_view text, std::string_view what = "cpu list");

class CpuTopology {
public:
    // Reads <root>/online and, per CPU, <root>/cpuN/topology/{thread_siblings_list,
    // physical_package_id}. Throws Error if the online list cannot be read.
    explicit CpuTopology(const std::filesystem::path& root = kSysCpuRoot);

    const std::vector<int>& online() const { return online_; }
    bool isOnline(int cpu) const;
    // The CPU's hardware threads, itself included (just {cpu} if unknown).
    std::vector<int> smtSiblings(int cpu) const;
    // -1 if sysfs does not say.
    int packageId(int cpu) const;

    // An online SMT sibling of `cpu` other than itself (the lowest one).
    std::optional<int> htSibling(int cpu) const;
    // The lowest online CPU in a different package from `cpu`.
    std::optional<int> otherSocketCpu(int cpu) const;

private:
    std::filesystem::path root_;
    std::vector<int> online_;
};

}  // namespace mmtp
