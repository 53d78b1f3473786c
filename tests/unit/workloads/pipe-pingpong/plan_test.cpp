#include <catch2/catch.hpp>

#include "common/cpu_topology.hpp"
#include "base/errors.hpp"
#include "pipe-pingpong/plan.hpp"

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace mmtp;
using namespace mmtp::pipepingpong;
namespace fs = std::filesystem;

namespace {

// A fake /sys/devices/system/cpu: CPUs 0-3 online, (0,2) and (1,3) SMT pairs,
// 0/2 in package 0, 1/3 in package 1; cpu4 exists but is offline.
struct FakeSysfs {
    fs::path root = fs::temp_directory_path() / ("pp-sysfs-" + std::to_string(::getpid()));
    explicit FakeSysfs(bool smt = true, bool twoPackages = true) {
        fs::create_directories(root);
        std::ofstream(root / "online") << "0-3\n";
        for (int c = 0; c <= 4; ++c) {
            fs::path t = root / ("cpu" + std::to_string(c)) / "topology";
            fs::create_directories(t);
            std::ofstream(t / "thread_siblings_list")
                << (smt ? (c % 2 == 0 ? "0,2\n" : "1,3\n") : std::to_string(c) + "\n");
            std::ofstream(t / "physical_package_id") << (twoPackages ? c % 2 : 0) << "\n";
        }
    }
    ~FakeSysfs() { fs::remove_all(root); }
};

SideReport ready(int before, int after, int cpu = 0) {
    SideReport r;
    r.maskBefore = before;
    r.maskAfter = after;
    r.cpu = cpu;
    return r;
}

}  // namespace

TEST_CASE("pipe-pingpong modes are spelled as in the RFC benchmark") {
    CHECK(parseMode("") == Mode::Baseline);
    CHECK(parseMode("baseline") == Mode::Baseline);
    CHECK(parseMode("d") == Mode::Child);
    CHECK(parseMode("child") == Mode::Child);
    CHECK(parseMode("parent") == Mode::Parent);
    CHECK(parseMode("both") == Mode::Both);
    CHECK_THROWS_AS(parseMode("ds"), UsageError);
    CHECK(childDisables(Mode::Child));
    CHECK_FALSE(parentDisables(Mode::Child));
    CHECK(parentDisables(Mode::Parent));
    CHECK_FALSE(childDisables(Mode::Parent));
    CHECK((childDisables(Mode::Both) && parentDisables(Mode::Both)));
    CHECK_FALSE((childDisables(Mode::Baseline) || parentDisables(Mode::Baseline)));
}

TEST_CASE("kernel CPU lists are parsed into sorted unique CPU numbers") {
    CHECK(parseCpuList("0-3,5\n") == std::vector<int>{0, 1, 2, 3, 5});
    CHECK(parseCpuList("7,1-2,2") == std::vector<int>{1, 2, 7});
    CHECK(parseCpuList("").empty());
    CHECK_THROWS_AS(parseCpuList("3-1"), Error);
    CHECK_THROWS_AS(parseCpuList("a"), Error);
    CHECK_THROWS_AS(parseCpuList("1,,2"), Error);
}

TEST_CASE("the topology reads online CPUs, SMT siblings and packages from sysfs") {
    FakeSysfs sys;
    CpuTopology topo(sys.root);
    CHECK(topo.online() == std::vector<int>{0, 1, 2, 3});
    CHECK_FALSE(topo.isOnline(4));
    CHECK(topo.smtSiblings(0) == std::vector<int>{0, 2});
    CHECK(topo.htSibling(1) == 3);
    CHECK(topo.packageId(1) == 1);
    CHECK(topo.otherSocketCpu(0) == 1);
    CHECK(topo.otherSocketCpu(1) == 0);
    CHECK_THROWS_AS(CpuTopology(sys.root / "missing"), Error);
}

TEST_CASE("the real sysfs lists at least one online CPU") {
    CpuTopology topo;
    REQUIRE_FALSE(topo.online().empty());
    CHECK(topo.isOnline(topo.online().front()));
}

TEST_CASE("bindings become CPU pairs the way MMTests' perfpipe configs mean them") {
    FakeSysfs sys;
    CpuTopology topo(sys.root);
    SECTION("no binding leaves both sides unpinned") {
        CHECK_FALSE(resolvePlacement(topo, "", "", std::nullopt).pinned());
        CHECK_FALSE(resolvePlacement(topo, "none", "", std::nullopt).pinned());
    }
    SECTION("pinned puts both sides on the first online CPU or the given one") {
        auto p = resolvePlacement(topo, "pinned", "", std::nullopt);
        CHECK((p.parentCpu == 0 && p.childCpu == 0));
        p = resolvePlacement(topo, "pinned", "", 3);
        CHECK((p.parentCpu == 3 && p.childCpu == 3));
    }
    SECTION("cross-ht pairs a CPU with its SMT sibling") {
        auto p = resolvePlacement(topo, "cross-ht", "", 1);
        CHECK((p.parentCpu == 1 && p.childCpu == 3));
    }
    SECTION("cross-socket pairs a CPU with one in another package") {
        auto p = resolvePlacement(topo, "cross-socket", "", std::nullopt);
        CHECK((p.parentCpu == 0 && p.childCpu == 1));
    }
    SECTION("explicit CPUs win over the binding") {
        auto p = resolvePlacement(topo, "cross-ht", "2,1", std::nullopt);
        CHECK((p.parentCpu == 2 && p.childCpu == 1));
        p = resolvePlacement(topo, "", "3", std::nullopt);
        CHECK((p.parentCpu == 3 && p.childCpu == 3));
    }
    SECTION("offline CPUs, bad text and unknown bindings are usage errors") {
        CHECK_THROWS_AS(resolvePlacement(topo, "", "4", std::nullopt), UsageError);
        CHECK_THROWS_AS(resolvePlacement(topo, "", "1,x", std::nullopt), UsageError);
        CHECK_THROWS_AS(resolvePlacement(topo, "", "-1", std::nullopt), UsageError);
        CHECK_THROWS_AS(resolvePlacement(topo, "pinned", "", 4), UsageError);
        CHECK_THROWS_AS(resolvePlacement(topo, "cross-node", "", std::nullopt), UsageError);
    }
}

TEST_CASE("cross-ht and cross-socket are unsupported without SMT or a second package") {
    FakeSysfs sys(false, false);
    CpuTopology topo(sys.root);
    CHECK_THROWS_AS(resolvePlacement(topo, "cross-ht", "", std::nullopt), UnsupportedError);
    CHECK_THROWS_WITH(resolvePlacement(topo, "cross-socket", "", std::nullopt),
                      Catch::Contains("no online CPU outside package 0"));
}

TEST_CASE("a side that must disable IB speculation is refused without per-task control") {
    bool unsupported = false;
    // This VM: PR_GET returns ENABLE (2) without PRCTL.
    std::string why = checkSide("child", true, 0, ready(2, 2), unsupported);
    CHECK(unsupported);
    CHECK_THAT(why, Catch::Contains("spectre_v2_user=prctl"));
    CHECK_THAT(why, Catch::Contains("ENABLE"));
}

TEST_CASE("a disable that does not read back as DISABLE is never measured") {
    bool unsupported = true;
    std::string why = checkSide("parent", true, -1, ready(3, 3), unsupported);
    CHECK_FALSE(unsupported);
    CHECK_THAT(why, Catch::Contains("did not take effect"));
    SideReport failed = ready(3, 3);
    failed.setupStep = 2;
    failed.setupErrno = EPERM;
    CHECK_THAT(checkSide("parent", true, -1, failed, unsupported), Catch::Contains("failed"));
    CHECK(checkSide("child", true, -1, ready(3, 5), unsupported).empty());   // PRCTL|DISABLE
    CHECK(checkSide("child", true, -1, ready(3, 9), unsupported).empty());   // PRCTL|FORCE_DISABLE
}

TEST_CASE("a baseline side that inherited IB-disable is refused, plain ENABLE is fine") {
    bool unsupported = false;
    CHECK(checkSide("child", false, 0, ready(2, 2), unsupported).empty());
    CHECK(checkSide("child", false, 0, ready(3, 3), unsupported).empty());
    CHECK_THAT(checkSide("child", false, 0, ready(5, 5), unsupported),
               Catch::Contains("already disabled"));
}

TEST_CASE("a side not running on its CPU is refused") {
    bool unsupported = false;
    CHECK_THAT(checkSide("child", false, 1, ready(2, 2, 0), unsupported),
               Catch::Contains("runs on CPU 0 after pinning to CPU 1"));
    SideReport pin = ready(2, 2);
    pin.setupStep = 1;
    pin.setupErrno = EINVAL;
    CHECK_THAT(checkSide("parent", false, 7, pin, unsupported), Catch::Contains("cannot pin to CPU 7"));
}
