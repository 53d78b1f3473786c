#include <catch2/catch.hpp>

#include "run-config/boot_id.hpp"
#include "skip.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mmtp::runconfig;

namespace {

struct Scratch {
    fs::path path = fs::temp_directory_path() / ("boot-id-ut-" + std::to_string(::getpid()));
    Scratch() { fs::create_directories(path); }
    ~Scratch() { fs::remove_all(path); }
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("each iteration's boot-id is the kernel's boot_id, one line", "[run-config]") {
    if (::access(kBootIdSource, R_OK) != 0) SKIP_TEST(std::string(kBootIdSource) + " is not readable here");
    Scratch d;
    BootIdRecorder rec;
    std::ostringstream warn;
    rec.record(d.path, warn);
    CHECK(warn.str().empty());
    CHECK(slurp(d.path / "boot-id") == slurp(kBootIdSource));
    CHECK(std::distance(fs::directory_iterator(d.path), fs::directory_iterator{}) == 1);
}

TEST_CASE("an unreadable boot_id writes no boot-id and warns once", "[run-config]") {
    Scratch d;
    BootIdRecorder rec(d.path / "missing");
    std::ostringstream warn;
    fs::create_directories(d.path / "iter-0");
    fs::create_directories(d.path / "iter-1");
    rec.record(d.path / "iter-0", warn);
    rec.record(d.path / "iter-1", warn);
    CHECK(warn.str() == "run-config: warning: cannot read " + (d.path / "missing").string() +
                            " (No such file or directory): no iteration records its boot (iter-N/boot-id)\n");
    CHECK_FALSE(fs::exists(d.path / "iter-0" / "boot-id"));
    CHECK_FALSE(fs::exists(d.path / "iter-1" / "boot-id"));
}

TEST_CASE("a boot-id is written through no planted symlink", "[run-config]") {
    Scratch d;
    { std::ofstream(d.path / "src") << "3f0c0000-1111-2222-3333-444455556666\n"; }
    { std::ofstream(d.path / "victim") << "keep\n"; }
    fs::create_directories(d.path / "iter-0");
    fs::create_symlink(d.path / "victim", d.path / "iter-0" / "boot-id");
    BootIdRecorder rec(d.path / "src");
    std::ostringstream warn;
    rec.record(d.path / "iter-0", warn);
    CHECK(slurp(d.path / "victim") == "keep\n");
    CHECK_FALSE(fs::is_symlink(d.path / "iter-0" / "boot-id"));
    CHECK(slurp(d.path / "iter-0" / "boot-id") == "3f0c0000-1111-2222-3333-444455556666\n");
}
