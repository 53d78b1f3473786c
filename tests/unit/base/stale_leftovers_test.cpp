#include <catch2/catch.hpp>

#include "base/stale_leftovers.hpp"
#include "dead_pid.hpp"

#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using namespace mmtp;

TEST_CASE("stale leftovers: only ours, of our prefix, whose pid is gone, are removed") {
    const fs::path dir = fs::temp_directory_path() / ("stale-ut-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string dead = std::to_string(deadPid());
    const std::string live = std::to_string(::getppid());
    fs::create_directories(dir / ("work-" + dead + "-AbCdEf") / "nested");
    std::ofstream(dir / ("work-" + dead + "-AbCdEf") / "nested" / "data") << "1 GiB, say";
    std::ofstream(dir / ("work-" + dead)) << "";
    std::ofstream(dir / ("work-" + dead + ".x")) << "";
    const std::vector<std::string> keep = {"work-" + live + "-AbCdEf", "work-" + dead + "x", "work-abc", "work-",
                                           "other-" + dead + "-AbCdEf", "work-" + std::to_string(::getpid()) + "-me"};
    for (const std::string& name : keep) std::ofstream(dir / name) << "";
    long kept = 6;
    if (::geteuid() == 0) {  // someone else's, although the pid is gone
        const fs::path theirs = dir / ("work-" + dead + "-theirs");
        std::ofstream(theirs) << "";
        REQUIRE(::chown(theirs.c_str(), 65534, 65534) == 0);
        ++kept;
    }
    CHECK(removeStaleLeftovers(dir, "work-") == 3);
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}) == kept);
    CHECK(removeStaleLeftovers(dir / "missing", "work-") == 0);
    fs::remove_all(dir);
}

TEST_CASE("a live pid is not gone, a reaped one is") {
    CHECK_FALSE(processGone(::getpid()));
    CHECK_FALSE(processGone(1));
    CHECK(processGone(deadPid()));
}

// Issue 31: the removal walked paths (remove_all) in directories another user may write.
TEST_CASE("a stale leftover is removed by fds: a symlink inside is not followed, another user's dir is left") {
    const fs::path dir = fs::temp_directory_path() / ("stale-fd-ut-" + std::to_string(::getpid()));
    const fs::path outside = dir / "outside";
    fs::create_directories(outside);
    std::ofstream(outside / "precious") << "keep";
    const std::string dead = std::to_string(deadPid());
    const fs::path left = dir / ("work-" + dead + "-AbCdEf");
    fs::create_directories(left / "a");
    fs::create_directory_symlink(outside, left / "a" / "link");
    fs::create_symlink(outside / "precious", left / "file-link");
    CHECK(removeStaleLeftovers(dir, "work-") == 1);
    CHECK_FALSE(fs::exists(fs::symlink_status(left)));
    CHECK(fs::exists(outside / "precious"));

    // Deeper than kMaxRemoveDepth: left as it is, not recursed into without end.
    fs::path deep = dir / ("work-" + dead + "-deep");
    for (int i = 0; i <= kMaxRemoveDepth; ++i) deep /= "d";
    fs::create_directories(deep);
    CHECK(removeStaleLeftovers(dir, "work-") == 0);
    CHECK(fs::exists(deep));

    if (::geteuid() == 0) {  // a directory inside that another user owns stops the removal there
        const fs::path mixed = dir / ("work-" + dead + "-mixed");
        fs::create_directories(mixed / "theirs");
        std::ofstream(mixed / "theirs" / "data") << "theirs";
        REQUIRE(::chown((mixed / "theirs").c_str(), 65534, 65534) == 0);
        CHECK(removeStaleLeftovers(dir, "work-") == 0);
        CHECK(fs::exists(mixed / "theirs" / "data"));
    }
    fs::remove_all(dir);
}
