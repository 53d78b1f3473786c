// cpu_topology_log.hpp - cpu-topology-mmtests.txt (one line per CPU: "node N
// socket S core C thread T cpu X llc L") as MMTests' ModelTopology nests it:
// node, socket, last-level cache, core, CPU. MonitorMpstat.pm's node sums
// (monitors/mpstat.cpp) and our own mpstat charts both read it here.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace mmtp::compare {

// One node's CPUs in file order within socket, llc and core, so that a sum
// over them adds up in the order MMTests' container tree does.
struct NodeTree {
    bool exists = false;  // the file names the node
    template <class V>
    using Keyed = std::vector<std::pair<std::string, V>>;
    Keyed<Keyed<Keyed<std::vector<std::string>>>> sockets;  // socket -> llc -> core -> CPUs

    std::vector<std::string> cpus() const;  // flattened, in that order
};

// Throws what requiredLogLines throws (MonitorDied for an absent file).
NodeTree readNodeTree(const std::filesystem::path& iterDir, const std::string& node);

// Every node the file names ("node N ..."), in the order it first appears,
// with its tree as readNodeTree gives it: the file read once for all.
std::vector<std::pair<std::string, NodeTree>> readNodeTrees(const std::filesystem::path& iterDir);

// The sum of busy[cpu] over the node's CPUs, in the tree's order; a CPU
// missing from busy adds nothing.
double nodeSum(const NodeTree& tree, const std::map<std::string, double>& busy);

}  // namespace mmtp::compare
