// Which machine a run ran on, from uname -a, tests-timestamp's arch and
// numactl lines and a cpuinfo copy; runs of two machines differ by name.
#include "input/host_record.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mmtp::compare;

TEST_CASE("uname -a gives the hostname, release and architecture", "[compare][input][host]") {
    HostRecord h;
    parseUname("Linux ltc-p9-1 5.8.0-rc4 #1 SMP Tue Jul 7 10:00:00 UTC 2020 ppc64le GNU/Linux\n", h);
    CHECK(h.hostname == "ltc-p9-1");
    CHECK(h.release == "5.8.0-rc4");
    CHECK(h.arch == "ppc64le");
    HostRecord x;
    parseUname("Linux box 6.1.0-9-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.27-1 (2023-05-08) x86_64 GNU/Linux", x);
    CHECK(x.arch == "x86_64");
}

TEST_CASE("numactl's node lines count the CPUs; arch :: names the architecture", "[compare][input][host]") {
    HostRecord h;
    parseTimestampHost(
        "start :: 1\narch :: ppc64le\navailable: 2 nodes (0,8)\nnode 0 cpus: 0 1 2 3\nnode 0 size: 1 MB\n"
        "node 8 cpus: 4 5 6 7\ntest begin :: x 2\n",
        h);
    CHECK(h.arch == "ppc64le");
    REQUIRE(h.cpus);
    CHECK(*h.cpus == 8);
}

TEST_CASE("two machines differ by hostname and CPU count; an unrecorded field is no difference",
          "[compare][input][host]") {
    HostRecord p9{"ltc-p9", "ltc-p9-1", "5.8", "ppc64le", "POWER9", 8, "", ""};
    HostRecord p8{"ltc-p8", "ltc-p8-7", "5.8", "ppc64le", "POWER8", 160, "", ""};
    std::vector<std::string> d = hostDifferences({p9, p8});
    REQUIRE(d.size() == 3);
    CHECK(d[0] == "hostname: ltc-p8-7 (ltc-p8); ltc-p9-1 (ltc-p9)");
    CHECK(d[1] == "CPU model: POWER8 (ltc-p8); POWER9 (ltc-p9)");
    CHECK(d[2] == "CPUs: 160 (ltc-p8); 8 (ltc-p9)");
    HostRecord unknown{"old", "", "", "", "", std::nullopt, "", ""};
    CHECK(hostDifferences({p9, unknown}).empty());
    CHECK(hostDifferences({p9, p9}).empty());
}

TEST_CASE("a run's record is read from its tree, MMTests' kernel.version under iter-0/BENCH",
          "[compare][input][host]") {
    fs::path root = fs::temp_directory_path() / ("host-record-" + std::to_string(::getpid()));
    fs::create_directories(root / "r" / "iter-0" / "sysbenchcpu");
    std::ofstream(root / "r" / "iter-0" / "sysbenchcpu" / "kernel.version")
        << "Linux p8 5.8.0 #1 SMP Tue Jul 7 10:00:00 UTC 2020 ppc64le GNU/Linux\n";
    std::ofstream(root / "r" / "iter-0" / "cpuinfo") << "processor\t: 0\ncpu\t\t: POWER8 (raw)\nprocessor\t: 1\n";
    HostRecord h = readHostRecord(root, "r");
    fs::remove_all(root);
    CHECK(h.hostname == "p8");
    CHECK(h.cpuModel == "POWER8 (raw)");
    REQUIRE(h.cpus);
    CHECK(*h.cpus == 2);
}

TEST_CASE("provenance.txt says where a run was measured; TCG against bare metal is two machines",
          "[compare][input][host]") {
    fs::path root = fs::temp_directory_path() / ("host-provenance-" + std::to_string(::getpid()));
    for (const char* run : {"tcg", "metal"}) fs::create_directories(root / run / "iter-0");
    std::ofstream(root / "tcg" / "iter-0" / "provenance.txt")
        << "measured-on: TCG emulation (qemu)\nqemu: QEMU emulator version 7.2.0\nqemu-cpu: EPYC-Rome\n"
           "measured-on: virtual machine (the CPU reports a hypervisor)\ncpu-model: AMD EPYC-Rome Processor\n";
    std::ofstream(root / "metal" / "iter-0" / "provenance.txt")
        << "measured-on: bare metal\ncpu-model: AMD EPYC-Rome Processor\n";
    const HostRecord tcg = readHostRecord(root, "tcg"), metal = readHostRecord(root, "metal");
    fs::remove_all(root);
    CHECK(tcg.measuredOn == "TCG emulation (qemu)");  // the host's word comes first
    CHECK(tcg.guestCpu == "EPYC-Rome");
    CHECK(tcg.cpuModel == "AMD EPYC-Rome Processor");
    CHECK(hostDifferences({tcg, metal}) ==
          std::vector<std::string>{"measured on: TCG emulation (qemu) (tcg); bare metal (metal)"});
}
