#include <catch2/catch.hpp>

#include "common/temp_dir.hpp"
#include "dead_pid.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mmtp;

namespace {
struct Parent {
    fs::path path = fs::temp_directory_path() / ("temp-dir-ut-" + std::to_string(::getpid()));
    Parent() { fs::create_directories(path); }
    ~Parent() { fs::remove_all(path); }
};
}  // namespace

TEST_CASE("a TempDir is private, carries our pid, and goes away with what it holds") {
    Parent parent;
    fs::path made;
    {
        TempDir d("unit", parent.path);
        made = d.path();
        CHECK(made.parent_path() == parent.path);
        CHECK(made.filename().string().starts_with("unit-" + std::to_string(::getpid()) + "-"));
        CHECK((fs::status(made).permissions() & fs::perms::all) == fs::perms::owner_all);
        fs::create_directories(made / "a" / "b");
        std::ofstream(made / "a" / "b" / "file") << "data";
    }
    CHECK_FALSE(fs::exists(made));
}

TEST_CASE("a moved TempDir is removed once, by its new owner") {
    Parent parent;
    std::optional<TempDir> b;
    fs::path p;
    {
        TempDir a("unit", parent.path);
        p = a.path();
        b.emplace(std::move(a));
    }  // the moved-from TempDir goes away and must leave the directory to b
    CHECK(b->path() == p);
    CHECK(fs::exists(p));
    b->remove();
    CHECK_FALSE(fs::exists(p));
    b->remove();  // idempotent
}

TEST_CASE("a TempDir removes what a killed run with the same prefix left") {
    // Issue 14 (13): after a SIGKILL, /tmp/redis-zpopmin-* and /tmp/fiolike-*
    // (with a large data file) stayed for good.
    Parent parent;
    const std::string dead = std::to_string(deadPid());
    const fs::path stale = parent.path / ("unit-" + dead + "-Ab12Cd");
    const fs::path alive = parent.path / ("unit-" + std::to_string(::getppid()) + "-Ab12Cd");
    const fs::path other = parent.path / ("fiolike-" + dead + "-Ab12Cd");
    for (const auto& p : {stale, alive, other}) {
        fs::create_directories(p);
        std::ofstream(p / "data") << "x";
    }
    TempDir d("unit", parent.path);
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(alive));
    CHECK(fs::exists(other));
}
