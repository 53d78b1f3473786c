// placement.hpp - where will-it-scale puts task i: on the i-th core
// (modulo the cores; the task may run on any hardware thread of it), on the
// i-th hardware thread with -m, or anywhere with -n. The cores and threads
// are the online CPUs we may run on, in sysfs order (hwloc's logical order
// on the machines we run on: by package, then core).
#pragma once
#include <string>
#include <vector>

namespace mmtp::syscallscale {

enum class Affinity { Cores, Smt, None };

Affinity parseAffinity(const std::string& text);  // "cores", "smt", "none"
const char* affinityName(Affinity a);

// The CPU set of each of n tasks (empty sets for Affinity::None).
// `allowed` are the CPUs we may use; `siblingsOf(cpu)` lists a CPU's hardware
// threads (itself included), so tests can give any topology.
std::vector<std::vector<int>> taskCpus(Affinity a, unsigned n, const std::vector<int>& allowed,
                                       std::vector<int> (*siblingsOf)(int cpu));

// The same on this machine (sched_getaffinity and sysfs).
std::vector<std::vector<int>> taskCpusHere(Affinity a, unsigned n);

}  // namespace mmtp::syscallscale
