#include "syscall-scale/placement.hpp"

#include "base/errors.hpp"
#include "common/cpu_pin.hpp"
#include "common/cpu_topology.hpp"

#include <algorithm>

namespace mmtp::syscallscale {

Affinity parseAffinity(const std::string& text) {
    if (text == "cores") return Affinity::Cores;
    if (text == "smt") return Affinity::Smt;
    if (text == "none") return Affinity::None;
    throw UsageError("--affinity: use cores, smt or none (got '" + text + "')");
}

const char* affinityName(Affinity a) {
    switch (a) {
    case Affinity::Cores: return "cores";
    case Affinity::Smt: return "smt";
    case Affinity::None: return "none";
    }
    return "?";
}

std::vector<std::vector<int>> taskCpus(Affinity a, unsigned n, const std::vector<int>& allowed,
                                       std::vector<int> (*siblingsOf)(int cpu)) {
    std::vector<std::vector<int>> units;  // cores or hardware threads, in order
    for (int cpu : allowed) {
        if (a == Affinity::Smt) {
            units.push_back({cpu});
            continue;
        }
        std::vector<int> core;
        for (int s : siblingsOf(cpu))
            if (std::find(allowed.begin(), allowed.end(), s) != allowed.end()) core.push_back(s);
        std::sort(core.begin(), core.end());
        if (core.empty()) core.push_back(cpu);
        if (std::find(units.begin(), units.end(), core) == units.end()) units.push_back(core);
    }
    std::vector<std::vector<int>> out(n);
    if (a == Affinity::None || units.empty()) return out;
    for (unsigned i = 0; i < n; ++i) out[i] = units[i % units.size()];
    return out;
}

namespace {
std::vector<int> sysfsSiblings(int cpu) {
    static const CpuTopology topo;
    return topo.smtSiblings(cpu);
}
}  // namespace

std::vector<std::vector<int>> taskCpusHere(Affinity a, unsigned n) {
    return taskCpus(a, n, a == Affinity::None ? std::vector<int>{} : allowedCpus(), sysfsSiblings);
}

}  // namespace mmtp::syscallscale
