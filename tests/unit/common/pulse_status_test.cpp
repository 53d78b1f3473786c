#include <catch2/catch.hpp>

#include "common/pulse_status.hpp"

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mmtp;

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
