// The guest's payload: redis-server and the libraries ldd names for it
// when a config runs redis-zpopmin, and not otherwise; the row's archive
// lists the scratch disk's modules in load order.
#include "mitigation-matrix/guest_image.hpp"

#include "common/preflight.hpp"
#include "common/temp_dir.hpp"
#include "skip.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>

using namespace mmtp::matrix;
namespace fs = std::filesystem;

namespace {

// A bin folder with run-config and WORKLOAD (ldd finds no libraries in
// them), and a config that runs WORKLOAD.
fs::path configRunning(const fs::path& dir, const std::string& workload) {
    fs::create_directories(dir / "bin");
    for (const std::string name : {"run-config", "mitigation-matrix", workload.c_str()})
        std::ofstream(dir / "bin" / name) << "#!/bin/sh\n";
    std::ofstream(dir / "config") << "export MMTESTS=" << workload << "\n";
    return dir / "config";
}

bool has(const std::vector<GuestFile>& files, const std::string& at, const fs::path& from) {
    return std::find(files.begin(), files.end(), GuestFile{at, from}) != files.end();
}

}  // namespace

TEST_CASE("a config that runs redis-zpopmin brings redis-server and its libraries", "[mitigation-matrix]") {
    const std::string redis = mmtp::findExecutable("redis-server");
    if (redis.empty()) SKIP_TEST("no redis-server (apt-get install redis-server)");
    if (mmtp::findExecutable("busybox").empty() && !fs::is_regular_file("/bin/busybox")) SKIP_TEST("no busybox");
    mmtp::TempDir dir("guest-image-test");
    const GuestPayload p = findGuestPayload(dir.path() / "bin", {configRunning(dir.path(), "redis-zpopmin")});
    CHECK(p.redisServer == redis);
    const auto files = guestFiles(p, dir.path());
    CHECK(has(files, "usr/local/bin/redis-server", redis));  // on the guest's PATH
    CHECK(has(files, "matrix/bin/redis-zpopmin", dir.path() / "bin/redis-zpopmin"));
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

TEST_CASE("a config without redis-zpopmin brings no redis-server", "[mitigation-matrix]") {
    if (mmtp::findExecutable("busybox").empty() && !fs::is_regular_file("/bin/busybox")) SKIP_TEST("no busybox");
    mmtp::TempDir dir("guest-image-test");
    const GuestPayload p = findGuestPayload(dir.path() / "bin", {configRunning(dir.path(), "pipe-pingpong")});
    CHECK(p.redisServer.empty());
    for (const auto& f : guestFiles(p, dir.path())) CHECK(f.at != "usr/local/bin/redis-server");
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
