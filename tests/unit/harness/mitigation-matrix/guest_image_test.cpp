// The guest's payload: what each workload says it needs (--print-needs:
// programs with the libraries ldd names for them, siblings, accounts, the
// scratch disk's variable), and nothing a workload does not ask for; the
// row's archive lists the scratch disk's modules in load order.
#include "mitigation-matrix/guest_image.hpp"

#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/temp_dir.hpp"
#include "mitigation-matrix/cpio_writer.hpp"
#include "mitigation-matrix/guest_needs.hpp"
#include "skip.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sys/stat.h>

using namespace mmtp::matrix;
namespace fs = std::filesystem;

namespace {

// A bin folder with run-config, mitigation-matrix and WORKLOAD, a shell
// script whose --print-needs prints NEEDS (ldd finds no libraries in them),
// and a config that runs WORKLOAD.
fs::path configRunning(const fs::path& dir, const std::string& workload, const std::string& needs = "") {
    fs::create_directories(dir / "bin");
    for (const std::string name : {"run-config", "mitigation-matrix", workload.c_str()}) {
        std::ofstream(dir / "bin" / name) << "#!/bin/sh\n"
                                          << (name == workload ? "printf '" + needs + "'\n" : std::string());
        ::chmod((dir / "bin" / name).c_str(), 0755);
    }
    std::ofstream(dir / "config") << "export MMTESTS=" << workload << "\n";
    return dir / "config";
}

bool has(const std::vector<GuestFile>& files, const std::string& at, const fs::path& from) {
    return std::find(files.begin(), files.end(), GuestFile{at, from}) != files.end();
}

bool haveBusybox() { return !mmtp::findExecutable("busybox").empty() || fs::is_regular_file("/bin/busybox"); }

}  // namespace

TEST_CASE("a workload that needs a program brings it and its libraries, on the guest's PATH", "[mitigation-matrix]") {
    const std::string redis = mmtp::findExecutable("redis-server");
    if (redis.empty()) SKIP_TEST("no redis-server (apt-get install redis-server)");
    if (!haveBusybox()) SKIP_TEST("no busybox");
    mmtp::TempDir dir("guest-image-test");
    const GuestPayload p =
        findGuestPayload(dir.path() / "bin", {configRunning(dir.path(), "server-bench", "program redis-server\\n")});
    REQUIRE(p.programs.size() == 1);
    CHECK(p.programs[0].first == "redis-server");
    CHECK(p.programs[0].second == redis);
    const auto files = guestFiles(p, dir.path());
    CHECK(has(files, "usr/local/bin/redis-server", redis));  // on the guest's PATH
    CHECK(has(files, "matrix/bin/server-bench", dir.path() / "bin/server-bench"));
    CHECK(has(files, "matrix/bin/matrix-boot-check", dir.path() / "bin/mitigation-matrix"));
    const auto libs = sharedLibraries(redis, dir.path());
    REQUIRE_FALSE(libs.empty());
    for (const auto& lib : libs) {
        INFO(lib);
        CHECK(has(files, lib.substr(1), lib));
    }
    // Each library once, however many binaries need it.
    for (const auto& f : files) CHECK(std::count(files.begin(), files.end(), f) == 1);
}

TEST_CASE("a workload that needs nothing brings nothing more; a sibling, an account and a scratch variable come when "
          "named",
          "[mitigation-matrix]") {
    if (!haveBusybox()) SKIP_TEST("no busybox");
    mmtp::TempDir dir("guest-image-test");
    const GuestPayload bare = findGuestPayload(dir.path() / "bin", {configRunning(dir.path(), "quiet-bench")});
    CHECK(bare.programs.empty());
    CHECK(bare.users.empty());
    CHECK(bare.workloads.size() == 1);
    const GuestPayload p = findGuestPayload(
        dir.path() / "bin",
        {configRunning(dir.path(), "disk-bench", "scratch-disk DISK_FILE\\nsibling quiet-bench\\nuser nobody\\n")});
    CHECK(p.workloads.size() == 2);  // disk-bench and the sibling it runs
    CHECK(p.scratchDiskVariables == std::vector<std::string>{"DISK_FILE"});
    CHECK(p.users == std::vector<std::string>{"nobody"});
    const std::string archive = buildGuestArchive(p, dir.path());
    CHECK(archive.find("nobody:x:65534:65534:") != std::string::npos);
    CHECK(archive.find("DISK_FILE\n") != std::string::npos);
    // A program the machine lacks is named, with who asked.
    CHECK_THROWS_WITH(findGuestPayload(dir.path() / "bin",
                                       {configRunning(dir.path(), "odd-bench", "program no-such-program-here\\n")}),
                      Catch::Contains("no no-such-program-here (a workload needs it in the guest"));
}

TEST_CASE("--print-needs lines are KIND VALUE with plain values; anything else is refused naming the workload",
          "[mitigation-matrix]") {
    WorkloadNeeds n;
    addNeeds(n, "program setpriv\nuser nobody\nprogram setpriv\nscratch-disk FIO_TARGET_FILE\n", "w");
    CHECK(n.programs == std::vector<std::string>{"setpriv"});  // once
    CHECK(n.users == std::vector<std::string>{"nobody"});
    CHECK(n.scratchDiskVariables == std::vector<std::string>{"FIO_TARGET_FILE"});
    CHECK_THROWS_WITH(addNeeds(n, "program ../../bin/sh\n", "w"), "w --print-needs: 'program ../../bin/sh' is not KIND VALUE");
    CHECK_THROWS_WITH(addNeeds(n, "disk vda\n", "w"), Catch::Contains("'disk vda'"));
    CHECK_THROWS_WITH(addNeeds(n, "scratch-disk A-B\n", "w"), Catch::Contains("is not KIND VALUE"));
    CHECK_THROWS_WITH(addNeeds(n, "program a b\n", "w"), Catch::Contains("is not KIND VALUE"));
    CHECK_THROWS_WITH(addNeeds(n, "user \x1b[2J\n", "w"), Catch::Contains("\\e[2J"));
}

TEST_CASE("the row's archive holds its modules and /matrix/modules, their load order", "[mitigation-matrix]") {
    mmtp::TempDir dir("guest-image-test");
    std::ofstream(dir.path() / "config") << "export MMTESTS=fiolike\n";
    std::ofstream(dir.path() / "a.ko") << "A";
    std::ofstream(dir.path() / "b.ko") << "B";
    const MatrixRow row{"off", "/k", "", "mitigations=off", {}, {}, dir.path() / "config"};
    const KernelIdentity kernel{"/k", "6.1.0-57-cloud-amd64", "md5"};
    const std::string archive = rowArchive(
        row, 3, kernel,
        {{"lib/modules/9/kernel/a.ko", dir.path() / "a.ko"}, {"lib/modules/9/kernel/b.ko", dir.path() / "b.ko"}});
    CHECK(archive.find("lib/modules/9/kernel/a.ko") != std::string::npos);
    CHECK(archive.find("/lib/modules/9/kernel/a.ko\n/lib/modules/9/kernel/b.ko\n") != std::string::npos);
    CHECK(archive.find("matrix/modules") != std::string::npos);
    // No modules: an empty list, which the guest's /init reads as nothing to load.
    CHECK(rowArchive(row, 1, kernel, {}).find("matrix/modules") != std::string::npos);
    // The iterations the guest's run-config runs (MMTEST_ITERATIONS), its /matrix/iterations.
    CHECK(archive.find("matrix/iterations") != std::string::npos);
    CHECK(guestInitScript().find("MMTEST_ITERATIONS=\"$(cat /matrix/iterations)\"") != std::string::npos);
    // What the guest checks before it runs the workload: the row's cmdline and kernel release.
    CHECK(archive.find("matrix/check") != std::string::npos);
    CHECK(archive.find("row off\nrelease 6.1.0-57-cloud-amd64\ncmdline mitigations=off\n") != std::string::npos);
}
