// Where a run was measured, from /proc/cpuinfo: bare metal, or a virtual
// machine when the CPU reports a hypervisor; the first CPU's model and vendor.
#include "common/mitigation_snapshot.hpp"

#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <fstream>

TEST_CASE("provenance.txt says bare metal or a virtual machine, and the CPU model", "[mitigation-snapshot]") {
    mmtp::TempDir dir("snapshot-test");
    const auto cpuinfo = dir.path() / "cpuinfo";
    std::ofstream(cpuinfo) << "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC-Rome Processor\n"
                              "flags\t\t: fpu vme hypervisor lahf_lm\n\nprocessor\t: 1\nmodel name\t: other\n";
    CHECK(mmtp::provenanceText(cpuinfo) ==
          "measured-on: virtual machine (the CPU reports a hypervisor)\ncpu-model: AMD EPYC-Rome Processor\n"
          "cpu-vendor: AuthenticAMD\n");
    std::ofstream(cpuinfo) << "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Gold 6148\n"
                              "flags\t\t: fpu vme hypervisorx\n";
    CHECK(mmtp::provenanceText(cpuinfo).rfind("measured-on: bare metal\ncpu-model: Intel(R) Xeon(R) Gold 6148\n", 0) == 0);
    CHECK(mmtp::provenanceText(dir.path() / "none").rfind("measured-on: unknown (no ", 0) == 0);
}
