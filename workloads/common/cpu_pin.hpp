// cpu_pin.hpp - binding a task (a server, a client) to CPUs with
// sched_setaffinity. CPU lists use the kernel syntax ("0-3,5"), parsed by
// parseCpuList() in cpu_topology.hpp.
#pragma once
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace mmtp {

// The CPUs the calling task may run on now.
std::vector<int> allowedCpus();

// Parses `list` (empty -> empty vector) and checks every CPU is one we may
// run on. Throws UsageError naming `optionName` otherwise.
std::vector<int> parseCpuOption(std::string_view list, std::string_view optionName);

// sched_setaffinity(pid, cpus); pid 0 = the calling thread. No-op for an
// empty list. Throws Error on failure.
void pinTask(pid_t pid, const std::vector<int>& cpus);

// Pins the calling thread to exactly `cpu` and reads the affinity back.
// Returns 0, or an errno (EINVAL when the kernel left another set); never
// throws, so a forked worker or a disposable helper can report it.
int pinSelf(int cpu);

// "0-3,5"
std::string formatCpuList(const std::vector<int>& cpus);

}  // namespace mmtp
