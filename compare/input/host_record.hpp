// host_record.hpp - which machine each run ran on, from what MMTests and
// run-config record: iter-0/kernel.version (uname -a: hostname, release,
// architecture; MMTests puts it under iter-0/BENCH/), run-config's
// provenance.txt (measured-on, cpu-model, qemu-cpu), tests-timestamp's
// "arch ::" line and numactl --hardware's "node N cpus:" lines, and a
// cpuinfo copy when there is one (model, CPU count). Runs of different
// machines are never compared as kernels: a POWER8 with 160 CPUs against a
// POWER9 with 8 is not a kernel change.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct HostRecord {
    std::string run;
    std::string hostname, release, arch, cpuModel;  // "" when not recorded
    std::optional<int> cpus;
    // provenance.txt's: where it was measured (TCG emulation, a VM, bare
    // metal) and a matrix guest's qemu -cpu model: a TCG run against a
    // bare-metal one is no kernel comparison either.
    std::string measuredOn, guestCpu;
};

HostRecord readHostRecord(const std::filesystem::path& logDir, const std::string& run);

// From `uname -a`: "Linux HOST RELEASE #... ARCH [ARCH ARCH] GNU/Linux".
void parseUname(const std::string& uname, HostRecord& into);
// From tests-timestamp: "arch :: X" and numactl's "node N cpus: 0 1 ...".
void parseTimestampHost(const std::string& stamps, HostRecord& into);

// What differs between the runs' machines, one line per field known for
// every run ("hostname: a (x), b (y, z)"); empty when they agree or nothing
// is known. A field some run did not record is not a difference.
std::vector<std::string> hostDifferences(const std::vector<HostRecord>& hosts);

}  // namespace mmtp::compare
