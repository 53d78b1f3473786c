// The build part of compare-kernels' report fingerprint is this very
// executable's md5, so a rebuilt tool rebuilds the page (it was "unknown":
// /proc/self/exe was read as a file of the tree, and refused).
#include "kernels/report_fingerprint.hpp"

#include "base/md5.hpp"
#include "input/bounded_read.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdlib.h>

TEST_CASE("the build is read even while a tree boundary is in force", "[compare][kernels][fingerprint]") {
    // compare-kernels computes the fingerprint while the tree's boundary
    // refuses every file outside -C: its own executable must not be one.
    char tree[] = "/tmp/fingerprint-tree-XXXXXX";  // empty: the executable cannot be inside it
    REQUIRE(::mkdtemp(tree));
    {
        mmtp::compare::TreeBoundary boundary({tree});
        CHECK(mmtp::compare::programBuild() != "unknown");
        CHECK(mmtp::compare::programBuild().size() == 32);
    }
    std::filesystem::remove(tree);
}

TEST_CASE("the fingerprint's build is the md5 of the running executable", "[compare][kernels][fingerprint]") {
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe");
    std::ifstream in(exe, std::ios::binary);
    REQUIRE(in);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    CHECK(mmtp::compare::programBuild() == mmtp::md5Hex(bytes));
}
