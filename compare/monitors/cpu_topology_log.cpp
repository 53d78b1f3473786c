#include "monitors/cpu_topology_log.hpp"

#include "monitors/text.hpp"

#include <algorithm>
#include <set>

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

namespace {

// One line's CPU joins its node's tree, nested as ModelTopology nests it.
void addCpu(NodeTree& tree, const std::vector<std::string>& e, const std::string& node) {
    tree.exists = true;
    std::optional<std::string> llc = fieldAt(e, 11);
    auto& cpus = child(child(child(tree.sockets, rowText(fieldAt(e, 3))), llc ? *llc : node), rowText(fieldAt(e, 5)));
    std::string cpu = rowText(fieldAt(e, 9));
    if (std::find(cpus.begin(), cpus.end(), cpu) == cpus.end()) cpus.push_back(cpu);
}

}  // namespace

NodeTree readNodeTree(const std::filesystem::path& iterDir, const std::string& node) {
    NodeTree tree;
    for (const std::string& line : requiredLogLines(iterDir, "cpu-topology-mmtests.txt")) {
        std::vector<std::string> e = fieldsOf(line);
        if (rowText(fieldAt(e, 1)) == node) addCpu(tree, e, node);
    }
    return tree;
}

std::vector<std::pair<std::string, NodeTree>> readNodeTrees(const std::filesystem::path& iterDir) {
    std::vector<std::pair<std::string, NodeTree>> trees;
    std::map<std::string, std::size_t> at;  // node id -> index in trees
    std::set<std::string> named;            // ids some "node N ..." line names
    for (const std::string& line : requiredLogLines(iterDir, "cpu-topology-mmtests.txt")) {
        std::vector<std::string> e = fieldsOf(line);
        const std::string node = rowText(fieldAt(e, 1));
        if (rowText(fieldAt(e, 0)) == "node" && fieldAt(e, 1)) named.insert(node);
        auto [it, added] = at.emplace(node, trees.size());
        if (added) trees.emplace_back(node, NodeTree{});
        addCpu(trees[it->second].second, e, node);
    }
    std::vector<std::pair<std::string, NodeTree>> out;
    for (auto& t : trees)
        if (named.count(t.first)) out.push_back(std::move(t));
    return out;
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
