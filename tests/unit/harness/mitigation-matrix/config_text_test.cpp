// The host learns a config's benchmarks from its MMTESTS= line as text and
// never runs the config (it may be someone else's shell code).
#include "mitigation-matrix/config_text.hpp"
#include "mitigation-matrix/guest_image.hpp"

#include "base/errors.hpp"
#include "common/preflight.hpp"
#include "common/temp_dir.hpp"
#include "skip.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sys/stat.h>

using namespace mmtp::matrix;
namespace fs = std::filesystem;

TEST_CASE("a config's MMTESTS is read as text in each shell form", "[mitigation-matrix][config-text]") {
    using V = std::vector<std::string>;
    CHECK(benchesFromConfigText("export MMTESTS=\"ibpb-pulse pipe-pingpong\"\n", "c") ==
          V{"ibpb-pulse", "pipe-pingpong"});
    CHECK(benchesFromConfigText("# c\n  MMTESTS='fiolike'   # why\nexport X=1\n", "c") == V{"fiolike"});
    CHECK(benchesFromConfigText("export\tMMTESTS=syscall-scale\n", "c") == V{"syscall-scale"});
    // Not an assignment of MMTESTS: left alone.
    CHECK(benchesFromConfigText("export MMTESTS_X=1\nMMTESTS=a\n", "c") == V{"a"});
}

TEST_CASE("a config whose MMTESTS needs the shell is refused by file and line", "[mitigation-matrix][config-text]") {
    for (const std::string text :
         {"export MMTESTS=\"$BENCHES\"\n", "MMTESTS=`ls`\n", "MMTESTS=\"a $(id)\"\n", "MMTESTS=a; touch x\n",
          "MMTESTS=\"a\" && touch x\n", "MMTESTS=\"a\nb\"\n", "MMTESTS=../../bin/sh\n"}) {
        INFO(text);
        CHECK_THROWS_WITH(
            benchesFromConfigText("# x\n" + text, "cfg"),
            Catch::Contains("cfg:2: MMTESTS is not a plain list") && Catch::Contains("never runs the config"));
    }
    CHECK_THROWS_WITH(benchesFromConfigText("MMTESTS=a\nif x; then MMTESTS=b; fi\n", "cfg"),
                      Catch::Contains("cfg:2: MMTESTS is set again (first on line 1)"));
    CHECK_THROWS_WITH(benchesFromConfigText("export X=1\n", "cfg"), Catch::Contains("config cfg sets no MMTESTS"));
    CHECK_THROWS_WITH(benchesFromConfigText("MMTESTS=\"\"\n", "cfg"), Catch::Contains("sets no MMTESTS"));
}

TEST_CASE("the qemu backend's payload comes from the config without running it", "[mitigation-matrix][config-text]") {
    if (mmtp::findExecutable("busybox").empty() && !fs::is_regular_file("/bin/busybox")) SKIP_TEST("no busybox");
    mmtp::TempDir dir("config-text-test");
    fs::create_directories(dir.path() / "bin");
    for (const std::string name : {"run-config", "mitigation-matrix", "pipe-pingpong"}) {
        std::ofstream(dir.path() / "bin" / name) << "#!/bin/sh\n";  // its --print-needs: nothing
        ::chmod((dir.path() / "bin" / name).c_str(), 0755);
    }
    const fs::path ran = dir.path() / "the-config-ran";
    std::ofstream(dir.path() / "config") << "touch " << ran.string() << "\nexport MMTESTS=\"pipe-pingpong\"\n";
    const GuestPayload p = findGuestPayload(dir.path() / "bin", {dir.path() / "config"});
    REQUIRE(p.workloads.size() == 1);
    CHECK(p.workloads[0] == dir.path() / "bin" / "pipe-pingpong");
    CHECK_FALSE(fs::exists(ran));  // sourcing the config on the host would have made it
}
