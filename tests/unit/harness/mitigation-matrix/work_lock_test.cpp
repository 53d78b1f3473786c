// One mitigation-matrix run per work dir: the second is refused at once, in
// one line naming the holder; the lock goes with its holder.
#include "mitigation-matrix/work_lock.hpp"

#include "base/errors.hpp"
#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <optional>
#include <unistd.h>

using namespace mmtp::matrix;
namespace fs = std::filesystem;

TEST_CASE("a second run on a locked work dir is refused naming the holder", "[mitigation-matrix][work-lock]") {
    mmtp::TempDir dir("work-lock-test");
    std::optional<WorkDirLock> first(std::in_place, dir.path());
    // flock locks belong to an open file: a second open in this process conflicts as another process would.
    const std::string me = "pid " + std::to_string(::getpid()) + " (";
    CHECK_THROWS_WITH(WorkDirLock(dir.path()),
                      Catch::StartsWith("work dir " + dir.path().string() + " is in use: " + me) &&
                          Catch::Contains(" holds " + (dir.path() / "matrix/lock").string()));
    std::ifstream in(dir.path() / "matrix/lock");
    std::string line;
    std::getline(in, line);
    CHECK(line == "pid " + std::to_string(::getpid()));
    first.reset();
    CHECK_NOTHROW(WorkDirLock(dir.path()));  // released with its holder
}

TEST_CASE("a lock file that is a symlink is refused, never followed", "[mitigation-matrix][work-lock]") {
    mmtp::TempDir dir("work-lock-test");
    fs::create_directories(dir.path() / "matrix");
    std::ofstream(dir.path() / "victim") << "keep\n";
    fs::create_symlink(dir.path() / "victim", dir.path() / "matrix/lock");
    CHECK_THROWS_WITH(WorkDirLock(dir.path()), Catch::Contains("cannot open the work dir's lock"));
    std::ifstream in(dir.path() / "victim");
    std::string line;
    std::getline(in, line);
    CHECK(line == "keep");
}
