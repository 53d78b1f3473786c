#include "common/cpu_pin.hpp"

#include "common/cpu_topology.hpp"
#include "base/errors.hpp"

#include <algorithm>
#include <cerrno>
#include <sched.h>
#include <string>

namespace mmtp {

std::vector<int> allowedCpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (::sched_getaffinity(0, sizeof set, &set) != 0) throw Error(errnoMessage("sched_getaffinity"));
    std::vector<int> out;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set)) out.push_back(c);
    return out;
}

std::vector<int> parseCpuOption(std::string_view list, std::string_view optionName) {
    if (list.empty()) return {};
    std::vector<int> cpus;
    try {
        cpus = parseCpuList(list, optionName);
    } catch (const Error& e) {
        throw UsageError(e.what());
    }
    auto allowed = allowedCpus();
    for (int c : cpus)
        if (std::find(allowed.begin(), allowed.end(), c) == allowed.end())
            throw UsageError(std::string(optionName) + ": CPU " + std::to_string(c) +
                             " is not available (allowed: " + formatCpuList(allowed) + ")");
    return cpus;
}

void pinTask(pid_t pid, const std::vector<int>& cpus) {
    if (cpus.empty()) return;
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int c : cpus) CPU_SET(c, &set);
    if (::sched_setaffinity(pid, sizeof set, &set) != 0)
        throw Error(errnoMessage("sched_setaffinity(" + formatCpuList(cpus) + ")"));
}

int pinSelf(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (::sched_setaffinity(0, sizeof set, &set) != 0) return errno;
    cpu_set_t actual;
    CPU_ZERO(&actual);
    if (::sched_getaffinity(0, sizeof actual, &actual) != 0) return errno;
    if (CPU_COUNT(&actual) != 1 || !CPU_ISSET(cpu, &actual)) return EINVAL;
    return 0;
}

std::string formatCpuList(const std::vector<int>& cpus) {
    std::string out;
    for (std::size_t i = 0; i < cpus.size();) {
        std::size_t j = i;
        while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
        if (!out.empty()) out += ',';
        out += std::to_string(cpus[i]);
        if (j > i) out += '-' + std::to_string(cpus[j]);
        i = j + 1;
    }
    return out;
}

}  // namespace mmtp
