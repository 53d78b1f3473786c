// A failed workload's log naming the boot parameter it needed becomes the
// report's "what the machine lacks" line.
#include "input/failure_cause.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace mmtp::compare;
namespace fs = std::filesystem;

TEST_CASE("ibpb-pulse's refusal names the missing indirect-branch control and its parameter",
          "[compare][failure-cause]") {
    const std::string log =
        "ibpb-pulse: starting\n"
        "ibpb-pulse: initial indirect-branch mask is ENABLE, expected PRCTL|ENABLE: no per-task indirect-branch "
        "control here (the PRCTL bit is missing), so the opt-in cannot work; boot with spectre_v2_user=prctl (or "
        "=seccomp) to get it\n";
    CHECK(missingCapabilityInLog(log) == "per-task indirect-branch control absent (spectre_v2_user=prctl)");
}

TEST_CASE("a parameter the table does not know is still named; a log without one names nothing",
          "[compare][failure-cause]") {
    CHECK(missingCapabilityInLog("x: cannot measure; boot with foo=bar.\n") ==
          "a capability this kernel lacks (foo=bar)");
    CHECK_FALSE(missingCapabilityInLog("x: exited 1: connection refused\n"));
    CHECK_FALSE(missingCapabilityInLog("boot with \n"));
}

TEST_CASE("the cause is read from the failed iteration's mmtests.log", "[compare][failure-cause]") {
    fs::path run = fs::temp_directory_path() / ("failure-cause-" + std::to_string(::getpid()));
    fs::create_directories(run / "iter-0" / "ibpb-pulse" / "logs");
    std::ofstream(run / "iter-0" / "ibpb-pulse" / "logs" / "mmtests.log")
        << "ibpb-pulse: no per-task indirect-branch speculation control: ... boot with spectre_v2_user=prctl\n";
    CHECK(missingCapability(run, "ibpb-pulse") == "per-task indirect-branch control absent (spectre_v2_user=prctl)");
    CHECK_FALSE(missingCapability(run, "redis"));
    fs::remove_all(run);
}
