// The matrix as LAVA jobs: one job per machine and boot in the schedule's
// order, pinned by tags, the row's cmdline in the kernel's -append, the
// metadata a lab searches by, a manifest, and one archive per row's ramdisk.
#include "mitigation-matrix/lava_jobs.hpp"

#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/temp_dir.hpp"
#include "mitigation-matrix/lava_guest.hpp"
#include "skip.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sys/stat.h>
#include <sstream>
#include <yaml-cpp/yaml.h>

using namespace mmtp;
using namespace mmtp::matrix;
namespace fs = std::filesystem;

namespace {

MatrixRow rowWith(const std::string& name, const std::string& cmdline) {
    MatrixRow r;
    r.name = name;
    r.kernel = "/k/vmlinuz";
    r.cmdline = cmdline;
    return r;
}

std::string slurp(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// A matrix of two rows, two boots each, whose config runs `bench`, with
// run-config and bench as scripts in dir/bin and a dummy kernel.
MatrixSpec twoRowMatrix(const fs::path& dir) {
    fs::create_directories(dir / "bin");
    for (const char* name : {"run-config", "mitigation-matrix", "pipe-pingpong"}) {
        std::ofstream(dir / "bin" / name) << "#!/bin/sh\n";  // its --print-needs: nothing
        ::chmod((dir / "bin" / name).c_str(), 0755);
    }
    std::ofstream(dir / "config") << "export MMTESTS=pipe-pingpong\n";
    std::ofstream(dir / "vmlinuz") << "not a kernel";
    std::ofstream(dir / "matrix") << "[matrix]\nconfig = config\nboots-per-row = 2\nboot-timeout-seconds = 200\n"
                                  << "[row default]\nkernel = " << (dir / "vmlinuz").string()
                                  << "\n[row off]\nkernel = " << (dir / "vmlinuz").string()
                                  << "\ncmdline = mitigations=off\n";
    return parseMatrixFile(dir / "matrix");
}

}  // namespace

TEST_CASE("a LAVA job carries its row's cmdline in -append, its tag and its metadata", "[mitigation-matrix][lava]") {
    const MatrixRow row = rowWith("off", "mitigations=off retbleed=off");
    const LavaJob job{"matrix-smoke",       {"rack1-a", "x86"},      &row, 2, 1, 5, "file:///k/vmlinuz",
                      "file:///r/off.cpio", "console=ttyS0 panic=-1"};
    const YAML::Node y = YAML::Load(lavaJobYaml(job, 240));
    CHECK(y["device_type"].as<std::string>() == "x86");
    REQUIRE(y["tags"].size() == 1);
    CHECK(y["tags"][0].as<std::string>() == "rack1-a");
    CHECK(y["context"]["arch"].as<std::string>() == "amd64");
    CHECK(y["metadata"]["matrix"].as<std::string>() == "matrix-smoke");
    CHECK(y["metadata"]["row"].as<std::string>() == "off");
    CHECK(y["metadata"]["round"].as<int>() == 2);
    CHECK(y["metadata"]["iteration"].as<int>() == 1);
    CHECK(y["metadata"]["boot"].as<int>() == 5);
    CHECK(y["metadata"]["machine"].as<std::string>() == "rack1-a");
    const YAML::Node deploy = y["actions"][0]["deploy"];
    CHECK(deploy["to"].as<std::string>() == "tmpfs");
    CHECK(deploy["images"]["kernel"]["url"].as<std::string>() == "file:///k/vmlinuz");
    CHECK(deploy["images"]["kernel"]["image_arg"].as<std::string>() ==
          "-kernel {kernel} -append \"console=ttyS0 panic=-1 mitigations=off retbleed=off\"");
    CHECK(deploy["images"]["ramdisk"]["image_arg"].as<std::string>() == "-initrd {ramdisk}");
    const YAML::Node boot = y["actions"][1]["boot"];
    CHECK(boot["method"].as<std::string>() == "qemu");
    CHECK(boot["prompts"][0].as<std::string>() == kLavaPrompt);
    CHECK(boot["timeout"]["minutes"].as<int>() == 4);  // 240 s
}

TEST_CASE("a cmdline's quotes and backslashes stay one -append word", "[mitigation-matrix][lava]") {
    CHECK(lavaKernelArg(rowWith("x", "dyndbg=\"file a.c +p\" x=\\y"), "console=ttyS0 panic=-1") ==
          "\"console=ttyS0 panic=-1 dyndbg=\\\"file a.c +p\\\" x=\\\\y\"");
    CHECK(lavaKernelArg(rowWith("x", ""), "console=ttyS0 panic=-1 no_timer_check") ==
          "\"console=ttyS0 panic=-1 no_timer_check\"");
}

TEST_CASE("--machine is NAME=DEVICE-TYPE of plain names", "[mitigation-matrix][lava]") {
    const LavaMachine m = parseMachine("rack1-a=x86_64-ipxe");
    CHECK(m.name == "rack1-a");
    CHECK(m.deviceType == "x86_64-ipxe");
    CHECK_THROWS_AS(parseMachine("rack1"), UsageError);
    CHECK_THROWS_AS(parseMachine("a b=qemu"), UsageError);
    CHECK_THROWS_WITH(parseMachine("=qemu"), Catch::Contains("--machine =qemu"));
}

TEST_CASE("the qemu device dictionary boots the matrix's guest under lava-run", "[mitigation-matrix][lava]") {
    MatrixSpec spec;
    spec.guestCpuModel = "EPYC-Rome";
    const YAML::Node d = YAML::Load(qemuDeviceYaml(spec, false));
    CHECK(d["available_architectures"][0].as<std::string>() == "amd64");
    const YAML::Node qemu = d["actions"]["boot"]["methods"]["qemu"]["parameters"];
    CHECK(qemu["command"].as<std::string>() == "qemu-system-x86_64");
    CHECK(qemu["options"][0].as<std::string>() == "-accel tcg -cpu EPYC-Rome");
    CHECK(qemu["options"][1].as<std::string>() == "-m 512");
    CHECK(d["actions"]["deploy"]["methods"]["image"].IsMap());
    CHECK(YAML::Load(qemuDeviceYaml(spec, true))["actions"]["boot"]["methods"]["qemu"]["parameters"]["options"][0]
              .as<std::string>() == "-accel kvm -cpu host");
}

TEST_CASE("--emit lava writes every machine's jobs in the schedule's order, a manifest and a ramdisk per row",
          "[mitigation-matrix][lava]") {
    if (findExecutable("busybox").empty() && !fs::is_regular_file("/bin/busybox")) SKIP_TEST("no busybox");
    TempDir dir("lava-jobs-test");
    const MatrixSpec spec = twoRowMatrix(dir.path());
    const fs::path out = dir.path() / "emit";
    emitLavaJobs(spec, {{"m1", "qemu"}, {"m2", "x86"}}, out, dir.path() / "bin");

    const std::string manifest = slurp(out / "manifest.tsv");
    CHECK(manifest ==
          "# machine\tdevice-type\tround\trow\titeration\tboot\tjob\n"
          "m1\tqemu\t1\tdefault\t0\t0\tjobs/m1/000-default.yaml\n"
          "m1\tqemu\t1\toff\t0\t1\tjobs/m1/001-off.yaml\n"
          "m1\tqemu\t2\tdefault\t1\t2\tjobs/m1/002-default.yaml\n"
          "m1\tqemu\t2\toff\t1\t3\tjobs/m1/003-off.yaml\n"
          "m2\tx86\t1\tdefault\t0\t0\tjobs/m2/000-default.yaml\n"
          "m2\tx86\t1\toff\t0\t1\tjobs/m2/001-off.yaml\n"
          "m2\tx86\t2\tdefault\t1\t2\tjobs/m2/002-default.yaml\n"
          "m2\tx86\t2\toff\t1\t3\tjobs/m2/003-off.yaml\n");
    const YAML::Node job = YAML::LoadFile((out / "jobs/m2/003-off.yaml").string());
    CHECK(job["tags"][0].as<std::string>() == "m2");
    CHECK(job["device_type"].as<std::string>() == "x86");
    CHECK(job["metadata"]["round"].as<int>() == 2);
    CHECK(job["actions"][0]["deploy"]["images"]["ramdisk"]["url"].as<std::string>() ==
          "file://" + (out / "ramdisk/off.cpio").string());
    // LAVA waits for the kernel's "Linux version" line before the prompt:
    // a quiet guest would hold every job until its boot timeout.
    const std::string append = job["actions"][0]["deploy"]["images"]["kernel"]["image_arg"].as<std::string>();
    CHECK(append.find("-append \"console=ttyS0 panic=-1") != std::string::npos);
    CHECK(append.find("quiet") == std::string::npos);

    // One archive: LAVA's cpio would drop everything after a first trailer
    // (a trailer entry: namesize 11, check 0, the name; busybox holds the bare name).
    const std::string ramdisk = slurp(out / "ramdisk/off.cpio");
    const std::string trailer("0000000B00000000TRAILER!!!\0", 27);
    CHECK(count(ramdisk, trailer) == 1);
    CHECK(ramdisk.size() - ramdisk.rfind(trailer) == 30);  // the last entry: 124 bytes from offset 94
    CHECK(count(ramdisk, std::string("matrix/row\0", 11)) == 1);
    CHECK(ramdisk.find("off\n") != std::string::npos);
    CHECK(count(ramdisk, std::string("matrix/tail\0", 12)) == 1);
    CHECK(count(ramdisk, std::string("init\0", 5)) >= 1);
    CHECK(fs::is_regular_file(out / "device-qemu.yaml"));
}
