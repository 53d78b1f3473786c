#include <catch2/catch.hpp>

#include "base/errors.hpp"
#include "common/pulse_status.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using namespace mmtp;

namespace {

// ITER/ibpb-pulse/logs and ITER/BENCH/logs, as MMTests and run-config lay them out.
struct IterationDirs {
    fs::path iter = fs::temp_directory_path() / ("pulse-iter-" + std::to_string(::getpid()));
    fs::path pulse = iter / "ibpb-pulse" / "logs";
    fs::path bench = iter / "redis-zpopmin" / "logs";
    IterationDirs() {
        fs::create_directories(pulse);
        fs::create_directories(bench);
    }
    ~IterationDirs() { fs::remove_all(iter); }
    void status(const char* text) const { std::ofstream(pulse / kPulseStatusFile) << text; }
};

// The Error requirePulseBefore throws, or none.
std::optional<Error> refusal(const std::string& mode, const fs::path& logdir) {
    try {
        requirePulseBefore(mode, logdir);
    } catch (const Error& e) {
        return e;
    }
    return std::nullopt;
}

}  // namespace

TEST_CASE("a measured workload accepts only an ok pulse status in the same mode") {
    fs::path dir = fs::temp_directory_path() / ("ibpb-status-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    CHECK_THAT(checkPulseStatus(dir, "sham"), Catch::Contains("did ibpb-pulse run before"));
    std::ofstream(dir / kPulseStatusFile) << "ok protect 20\n";
    CHECK(checkPulseStatus(dir, "protect").empty());
    CHECK_THAT(checkPulseStatus(dir, "sham"), Catch::Contains("records mode 'protect', not 'sham'"));
    std::ofstream(dir / kPulseStatusFile) << "failed sham 5\n";
    CHECK_THAT(checkPulseStatus(dir, "sham"), Catch::Contains("says the pulses failed (failed sham)"));
    fs::remove_all(dir);
}

TEST_CASE("the pulse status is found in the sibling ibpb-pulse logs of the same iteration") {
    CHECK(pulseLogsBeside("/w/log/R/iter-3/redis-zpopmin/logs") == "/w/log/R/iter-3/ibpb-pulse/logs");
    CHECK(pulseLogsBeside("/w/log/R/iter-3/fiolike/logs/") == "/w/log/R/iter-3/ibpb-pulse/logs");
    CHECK(pulseLogsBeside("/w/log/R/iter-0/seccomp-churn/logs/./") == "/w/log/R/iter-0/ibpb-pulse/logs");
    // a relative --logdir is taken from the working directory
    CHECK(pulseLogsBeside("iter-0/pipe-pingpong/logs") == fs::current_path() / "iter-0/ibpb-pulse/logs");
}

TEST_CASE("a workload after a pulse refuses to measure, exit 1, unless the pulse succeeded in its mode") {
    IterationDirs d;
    SECTION("no mode asked for: no check, even with no status file") { CHECK_FALSE(refusal("", d.bench)); }
    SECTION("no status file: refused, naming the file") {
        auto e = refusal("protect", d.bench);
        REQUIRE(e);
        CHECK(e->code() == kExitFailure);
        CHECK_THAT(e->what(), Catch::StartsWith("--after-ibpb-pulse protect: refusing to measure: no ") &&
                                  Catch::Contains((d.pulse / kPulseStatusFile).string()));
    }
    SECTION("a failed pulse: refused, saying it failed") {
        d.status("failed protect 5\n");
        auto e = refusal("protect", d.bench);
        REQUIRE(e);
        CHECK(e->code() == kExitFailure);
        CHECK_THAT(e->what(), Catch::Contains("says the pulses failed (failed protect)"));
    }
    SECTION("an ok pulse of the other mode: refused") {
        d.status("ok sham 2\n");
        auto e = refusal("protect", d.bench);
        REQUIRE(e);
        CHECK_THAT(e->what(), Catch::Contains("records mode 'sham', not 'protect'"));
    }
    SECTION("an ok pulse of the same mode: measured") {
        d.status("ok protect 2\n");
        CHECK_FALSE(refusal("protect", d.bench));
    }
}

TEST_CASE("every workload's pulse row reads its own config variable and accepts only sham or protect") {
    const OptionTable t({afterPulseOption("OPTTEST_AFTER_IBPB_PULSE"), textOption("logdir", 0, "", nullptr, "")});
    auto parse = [&t](std::vector<const char*> args) {
        args.insert(args.begin(), "prog");
        return t.parse(static_cast<int>(args.size()), args.data());
    };
    CHECK(afterPulseMode(parse({})).empty());
    CHECK(afterPulseMode(parse({"--after-ibpb-pulse", "sham"})) == "sham");
    ::setenv("OPTTEST_AFTER_IBPB_PULSE", "protect", 1);
    CHECK(afterPulseMode(parse({})) == "protect");
    ::unsetenv("OPTTEST_AFTER_IBPB_PULSE");
    CHECK_THROWS_WITH(parse({"--after-ibpb-pulse", "on"}), Catch::Contains("--after-ibpb-pulse"));
}
