#include <catch2/catch.hpp>

#include "ibpb-pulse/pulse.hpp"
#include "skip.hpp"

#include <cerrno>
#include <unistd.h>

using namespace mmtp;
using namespace mmtp::ibpbpulse;

namespace {

// A machine where every answer can be chosen; records what was changed.
struct FakeSystem final : PulseSystem {
    uid_t uidValue = 1000, euidValue = 1000;
    std::vector<int> online{0, 1, 2, 3};
    int pinErrno = 0;
    int pinnedTo = -1;
    bool pinHolds = true;
    int maskBefore = 3, maskAfterProtect = 9;
    int setErrno = 0;
    int setCalls = 0;
    int getCalls = 0;
    bool forced = false;

    uid_t uid() const override { return uidValue; }
    uid_t euid() const override { return euidValue; }
    pid_t pid() const override { return 4242; }
    std::vector<int> onlineCpus() const override { return online; }
    int pinSelf(int cpu) override {
        if (pinErrno) return pinErrno;
        pinnedTo = cpu;
        return 0;
    }
    std::vector<int> allowedCpus() const override {
        if (!pinHolds) return online;
        return {pinnedTo};
    }
    int currentCpu() const override { return pinHolds ? pinnedTo : 0; }
    SpecState getIndirectBranch() const override {
        ++const_cast<FakeSystem*>(this)->getCalls;
        return SpecState{forced ? maskAfterProtect : maskBefore, 0};
    }
    int forceDisableIndirectBranch() override {
        ++setCalls;
        if (setErrno) return setErrno;
        forced = true;
        return 0;
    }
};

int parse(const std::vector<std::string>& argv, PulseArgs& a) {
    std::string msg;
    return parseArgs(argv, a, msg);
}

}  // namespace

TEST_CASE("ibpb-pulse takes exactly 'CPU sham|protect' or '--all-cpus sham|protect'") {
    PulseArgs a;
    CHECK(parse({"3", "protect"}, a) == kPulseOk);
    CHECK((a.cpu == 3 && a.mode == PulseMode::Protect && !a.allCpus));
    CHECK(parse({"0", "sham"}, a) == kPulseOk);
    CHECK(a.mode == PulseMode::Sham);
    CHECK(parse({"--all-cpus", "protect"}, a) == kPulseOk);
    CHECK(a.allCpus);
    CHECK(parse({}, a) == kPulseUsage);
    CHECK(parse({"0"}, a) == kPulseUsage);
    CHECK(parse({"0", "enable"}, a) == kPulseUsage);
    CHECK(parse({"0", "sham", "extra"}, a) == kPulseUsage);
    CHECK(parse({"--all-cpus"}, a) == kPulseUsage);
}

TEST_CASE("ibpb-pulse rejects CPU text that is not a CPU number with exit 3") {
    PulseArgs a;
    for (const char* bad : {"x", "-1", "1x", "", "99999", " 1"})
        CHECK(parse({bad, "sham"}, a) == kPulseBadCpu);
}

TEST_CASE("ibpb-pulse refuses root before touching anything") {
    FakeSystem sys;
    sys.uidValue = 0;
    PulseOutcome o = pulseOnce(sys, 0, PulseMode::Protect);
    CHECK(o.code == kPulseRefusedRoot);
    CHECK_THAT(o.message, Catch::Contains("refusing to run as root"));
    CHECK((sys.pinnedTo == -1 && sys.getCalls == 0 && sys.setCalls == 0));
    FakeSystem setuidRoot;
    setuidRoot.euidValue = 0;
    CHECK(pulseOnce(setuidRoot, 0, PulseMode::Sham).code == kPulseRefusedRoot);
}

TEST_CASE("ibpb-pulse accepts any online CPU and refuses offline ones with exit 3") {
    FakeSystem sys;
    sys.online = {0, 1, 2, 3, 40, 41};
    CHECK(pulseOnce(sys, 41, PulseMode::Sham).code == kPulseOk);
    CHECK(sys.pinnedTo == 41);
    PulseOutcome o = pulseOnce(sys, 20, PulseMode::Sham);
    CHECK(o.code == kPulseBadCpu);
    CHECK_THAT(o.message, Catch::Contains("CPU 20: not online (online CPUs: 0-3,40-41)"));
}

TEST_CASE("ibpb-pulse exits 4 when it cannot pin to exactly that CPU") {
    FakeSystem sys;
    sys.pinErrno = EINVAL;
    CHECK(pulseOnce(sys, 1, PulseMode::Protect).code == kPulsePinFailed);
    FakeSystem loose;
    loose.pinHolds = false;
    PulseOutcome o = pulseOnce(loose, 2, PulseMode::Protect);
    CHECK(o.code == kPulsePinFailed);
    CHECK_THAT(o.message, Catch::Contains("pinning did not hold"));
    CHECK(loose.setCalls == 0);
}

TEST_CASE("ibpb-pulse exits 5 and explains any initial mask but PRCTL|ENABLE") {
    struct Case { int mask; const char* says; };
    for (Case c : {Case{2, "spectre_v2_user=prctl"}, Case{0, "not affected"},
                   Case{9, "already runs with protection"}, Case{5, "already runs with protection"}}) {
        FakeSystem sys;
        sys.maskBefore = c.mask;
        PulseOutcome o = pulseOnce(sys, 1, PulseMode::Protect);
        INFO("mask " << c.mask << ": " << o.message);
        CHECK(o.code == kPulseBadInitialMask);
        CHECK_THAT(o.message, Catch::Contains("CPU 1: initial indirect-branch mask is"));
        CHECK_THAT(o.message, Catch::Contains(c.says));
        CHECK(sys.setCalls == 0);
    }
}

TEST_CASE("ibpb-pulse protect sets FORCE_DISABLE once and prints the seed's JSON fields") {
    FakeSystem sys;
    PulseOutcome o = pulseOnce(sys, 2, PulseMode::Protect);
    REQUIRE(o.code == kPulseOk);
    CHECK(sys.setCalls == 1);
    CHECK(o.json ==
          "{\"cpu\":2,\"pid\":4242,\"uid\":1000,\"mode\":\"protect\",\"before\":3,\"after\":9,"
          "\"before_text\":\"PRCTL|ENABLE\",\"after_text\":\"PRCTL|FORCE_DISABLE\"}\n");
}

TEST_CASE("ibpb-pulse sham never calls PR_SET and reports the unchanged mask") {
    FakeSystem sys;
    PulseOutcome o = pulseOnce(sys, 0, PulseMode::Sham);
    REQUIRE(o.code == kPulseOk);
    CHECK(sys.setCalls == 0);
    CHECK_THAT(o.json, Catch::Contains("\"mode\":\"sham\",\"before\":3,\"after\":3"));
}

TEST_CASE("ibpb-pulse exits 6 when FORCE_DISABLE fails and 7 when it does not read back") {
    FakeSystem refused;
    refused.setErrno = EPERM;
    PulseOutcome o = pulseOnce(refused, 0, PulseMode::Protect);
    CHECK(o.code == kPulseProtectFailed);
    CHECK_THAT(o.message, Catch::Contains("FORCE_DISABLE) failed"));
    FakeSystem silent;
    silent.maskAfterProtect = 3;  // the kernel said yes but nothing changed
    o = pulseOnce(silent, 0, PulseMode::Protect);
    CHECK(o.code == kPulseVerifyFailed);
    CHECK_THAT(o.message, Catch::Contains("did not take effect"));
    CHECK(o.json.empty());
}

TEST_CASE("speculation masks are decoded into words") {
    CHECK(describeSpecMask(0) == "NOT_AFFECTED");
    CHECK(describeSpecMask(2) == "ENABLE");
    CHECK(describeSpecMask(3) == "PRCTL|ENABLE");
    CHECK(describeSpecMask(9) == "PRCTL|FORCE_DISABLE");
    CHECK(describeSpecMask(5) == "PRCTL|DISABLE");
    CHECK(describeSpecMask(0x41) == "PRCTL|0x40");
    CHECK(describe(SpecState{-1, EINVAL}).rfind("error: ", 0) == 0);
}

TEST_CASE("the real PR_GET on this task answers for indirect branches") {
    SpecState s = getSpeculationCtrl(SpecFeature::IndirectBranch);
    REQUIRE(s.ok());
    CHECK_FALSE(describeSpecMask(s.mask).empty());
    // An unknown feature is ENODEV, decoded as an error.
    SpecState bad = getSpeculationCtrl(static_cast<SpecFeature>(99));
    CHECK_FALSE(bad.ok());
}

TEST_CASE("the real system is refused when the tests run as root") {
    // (the script tests cover the unprivileged path)
    if (::getuid() != 0) SKIP_TEST("not root: the refusal of root cannot be seen");
    PulseOutcome o = pulseOnce(realSystem(), 0, PulseMode::Protect);
    CHECK(o.code == kPulseRefusedRoot);
}
