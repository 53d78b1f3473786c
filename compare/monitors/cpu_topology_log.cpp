#include "monitors/cpu_topology_log.hpp"

#include "monitors/text.hpp"

#include <algorithm>

namespace mmtp::compare {

namespace {

template <class V>
V& child(NodeTree::Keyed<V>& v, const std::string& key) {
    for (auto& [k, c] : v)
        if (k == key) return c;
    return v.emplace_back(key, V{}).second;
}

// A line's fields as MMTests splits them: split(/\s/) of the line.
std::vector<std::string> fieldsOf(const std::string& line) { return splitEachBlank(line + "\n"); }

}  // namespace

std::vector<std::string> NodeTree::cpus() const {
    std::vector<std::string> out;
    for (const auto& [s, llcs] : sockets)
        for (const auto& [l, cores] : llcs)
            for (const auto& [c, list] : cores) out.insert(out.end(), list.begin(), list.end());
    return out;
}

NodeTree readNodeTree(const std::filesystem::path& iterDir, const std::string& node) {
    NodeTree tree;
    for (const std::string& line : requiredLogLines(iterDir, "cpu-topology-mmtests.txt")) {
        std::vector<std::string> e = fieldsOf(line);
        if (rowText(fieldAt(e, 1)) != node) continue;
        tree.exists = true;
        std::optional<std::string> llc = fieldAt(e, 11);
        auto& cpus = child(child(child(tree.sockets, rowText(fieldAt(e, 3))), llc ? *llc : node),
                           rowText(fieldAt(e, 5)));
        std::string cpu = rowText(fieldAt(e, 9));
        if (std::find(cpus.begin(), cpus.end(), cpu) == cpus.end()) cpus.push_back(cpu);
    }
    return tree;
}

std::vector<std::string> topologyNodes(const std::filesystem::path& iterDir) {
    std::vector<std::string> nodes;
    for (const std::string& line : requiredLogLines(iterDir, "cpu-topology-mmtests.txt")) {
        std::vector<std::string> e = fieldsOf(line);
        if (rowText(fieldAt(e, 0)) != "node" || !fieldAt(e, 1)) continue;
        if (std::find(nodes.begin(), nodes.end(), *fieldAt(e, 1)) == nodes.end()) nodes.push_back(*fieldAt(e, 1));
    }
    return nodes;
}

double nodeSum(const NodeTree& tree, const std::map<std::string, double>& busy) {
    double node = 0;
    for (const auto& [s, llcs] : tree.sockets) {
        double socket = 0;
        for (const auto& [l, cores] : llcs) {
            double llc = 0;
            for (const auto& [c, cpus] : cores) {
                double core = 0;
                for (const std::string& cpu : cpus)
                    if (auto it = busy.find(cpu); it != busy.end()) core += it->second;
                llc += core;
            }
            socket += llc;
        }
        node += socket;
    }
    return node;
}

}  // namespace mmtp::compare
